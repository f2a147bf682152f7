// One webhook endpoint of an app for the calls beside its declared resource (the list, add,
// read, change and delete: `Webhook` in openapi/, server/resources/hooks/webhooks.ts): its
// secret and messages. Every call first checks that the signed-in developer owns the app (404
// otherwise).
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { findOwnedApp } from '../developer/owned-app';
import type { WebhookSecret } from '../../../generated/client/types.gen';
import { collections } from './model';
import type { WebhookDoc } from './model';
import { revealSecret, rotateSecret } from './secrets';

interface Owned {
  ctx: AppContext;
  userId: string;
  appId: string;
}

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

export async function getWebhookSecret({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<WebhookSecret> {
  return revealSecret({ ctx, webhook: await findOwnedWebhook({ ctx, userId, appId, webhookId }) });
}

export async function rotateWebhookSecret({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<WebhookSecret> {
  return rotateSecret({ ctx, webhook: await findOwnedWebhook({ ctx, userId, appId, webhookId }) });
}
