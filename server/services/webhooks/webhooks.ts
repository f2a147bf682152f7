// Webhook endpoints of an app: list, add, read, change, delete. Every call first checks
// that the signed-in developer owns the app (404 otherwise).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { findOwnedApp } from '../developer/owned-app';
import type { Webhook, WebhookSecret, WebhookUpdateInput } from '../../../generated/client/types.gen';
import { collections } from './model';
import type { WebhookDoc } from './model';
import { revealSecret, rotateSecret, sealNewSecret } from './secrets';
import { checkWebhookUrl } from './url-guard';

interface Owned {
  ctx: AppContext;
  userId: string;
  appId: string;
}

/** The response schema picks the declared fields, so the sealed secrets stay in. */
export const toWebhook = (doc: WebhookDoc): Webhook => ({ ...doc, id: doc._id, failingSince: doc.firstFailureAt || undefined });

/** The webhook, if the user owns its app; else 404 with `notFound`. */
export async function findOwnedWebhook({
  ctx,
  userId,
  appId,
  webhookId,
  notFound = 'Webhook not found',
}: Owned & { webhookId: string; notFound?: string }): Promise<WebhookDoc> {
  await findOwnedApp({ ctx, userId, appId });
  const webhook = await collections(ctx.store).webhooks.findOne({ _id: webhookId, appId });
  if (!webhook) throw new NotFoundError(notFound);
  return webhook;
}

export async function listWebhooks({ ctx, userId, appId }: Owned): Promise<Webhook[]> {
  await findOwnedApp({ ctx, userId, appId });
  const docs = await collections(ctx.store).webhooks.find({ appId }, { sort: { created: 1 } });
  return docs.map(toWebhook);
}

export async function createWebhook({ ctx, userId, appId, url }: Owned & { url: string }): Promise<Webhook> {
  await findOwnedApp({ ctx, userId, appId });
  const now = ctx.now().toISOString();
  const doc: WebhookDoc = {
    _id: randomUUID(),
    appId,
    url: checkWebhookUrl({ ctx, url }),
    status: 'active',
    secret: sealNewSecret(ctx),
    created: now,
    updated: now,
  };
  await collections(ctx.store).webhooks.insertOne(doc);
  return toWebhook(doc);
}

export async function updateWebhook({
  ctx,
  userId,
  appId,
  webhookId,
  input,
}: Owned & { webhookId: string; input: WebhookUpdateInput }): Promise<Webhook> {
  await findOwnedWebhook({ ctx, userId, appId, webhookId });
  // Declared fields without a rule (status...) are stored as sent; the URL is checked first.
  const { url, ...plain } = input;
  const $set: Partial<WebhookDoc> = { ...plain, updated: ctx.now().toISOString() };
  if (url !== undefined) $set.url = checkWebhookUrl({ ctx, url });
  // Reactivating starts the 5-day failure window afresh.
  const restart = input.status === 'active' ? { $unset: { firstFailureAt: true as const } } : {};
  const updated = await collections(ctx.store).webhooks.findOneAndUpdate({ _id: webhookId, appId }, { $set, ...restart });
  if (!updated) throw new NotFoundError('Webhook not found');
  return toWebhook(updated);
}

export async function deleteWebhook({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<void> {
  await findOwnedWebhook({ ctx, userId, appId, webhookId, notFound: 'No webhook to delete' });
  const { webhooks, deliveries, requests } = collections(ctx.store);
  await webhooks.deleteOne({ _id: webhookId });
  await deliveries.deleteMany({ webhookId });
  await requests.deleteMany({ webhookId });
}

export async function getWebhookSecret({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<WebhookSecret> {
  return revealSecret({ ctx, webhook: await findOwnedWebhook({ ctx, userId, appId, webhookId }) });
}

export async function rotateWebhookSecret({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<WebhookSecret> {
  return rotateSecret({ ctx, webhook: await findOwnedWebhook({ ctx, userId, appId, webhookId }) });
}
