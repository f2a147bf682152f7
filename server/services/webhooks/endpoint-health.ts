// An endpoint whose attempts have all failed for 5 days is switched off and its
// developers are told by e-mail. Any success starts the window afresh.
import type { AppContext } from '../../context';
import { sendMail } from '../mail/send-mail';
import { actionMail, appUrl } from '../mail/templates';
import { apps, developers } from '../developer/model';
import { collections } from './model';
import type { WebhookDoc } from './model';

export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

async function developerEmails({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<string[]> {
  const app = await apps(ctx).findOne({ _id: appId });
  if (!app) return [];
  const owners = await developers(ctx).find({ _id: { $in: app.developerIds } });
  return owners.map((d) => d.email).filter(Boolean);
}

async function disable({ ctx, webhook }: { ctx: AppContext; webhook: WebhookDoc }): Promise<void> {
  const now = ctx.now().toISOString();
  // Conditional so that of several failing attempts only one switches it off and mails.
  const switched = await collections(ctx.store).webhooks.findOneAndUpdate(
    { _id: webhook._id, status: 'active' },
    { $set: { status: 'inactive', updated: now } },
  );
  if (!switched) return;
  const mail = actionMail({
    ctx,
    subject: 'A webhook was disabled',
    paragraphs: [
      `Every delivery to your webhook ${webhook.url} has failed since ${webhook.firstFailureAt ?? now}, so we have disabled it.`,
      'Fix the endpoint, then switch the webhook back on; you can resend the messages it missed from its messages page.',
    ],
    action: { label: 'Open webhook', link: appUrl({ ctx, path: `/developer/apps/${webhook.appId}/webhooks/webhook/${webhook._id}` }) },
  });
  for (const to of await developerEmails({ ctx, appId: webhook.appId })) await sendMail({ ctx, to, ...mail });
}

export async function recordEndpointHealth({ ctx, webhook, ok }: { ctx: AppContext; webhook: WebhookDoc; ok: boolean }): Promise<void> {
  const { webhooks } = collections(ctx.store);
  if (ok) {
    if (webhook.firstFailureAt) await webhooks.updateOne({ _id: webhook._id }, { $unset: { firstFailureAt: true } });
    return;
  }
  const now = ctx.now();
  if (!webhook.firstFailureAt) {
    await webhooks.updateOne({ _id: webhook._id, firstFailureAt: { $exists: false } }, { $set: { firstFailureAt: now.toISOString() } });
    return;
  }
  if (now.getTime() - new Date(webhook.firstFailureAt).getTime() >= DISABLE_AFTER_MS && webhook.status === 'active') {
    await disable({ ctx, webhook });
  }
}
