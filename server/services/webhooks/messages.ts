// A webhook's message requests (one per delivery attempt), their bodies, resending one,
// and sending a test event.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { findOwnedApp } from '../developer/owned-app';
import type { Page } from '../../storage/port';
import type { WebhookDelivery, WebhookMessage, WebhookRequest, WebhookRequestStatus } from '../../../generated/client/types.gen';
import { buildEvent, newDelivery } from './emit-event';
import { collections } from './model';
import { nudgeWorkers } from './wake';
import { findOwnedWebhook } from './webhooks';

interface Owned {
  ctx: AppContext;
  userId: string;
  appId: string;
}

// The response schemas pick the declared fields: the attempt's request and bodies stay in.
const withId = <T extends { _id: string }>(doc: T): T & { id: string } => ({ ...doc, id: doc._id });

export async function listRequests({
  ctx,
  userId,
  appId,
  webhookId,
  page,
  limit,
  status,
}: Owned & { webhookId: string; page: number; limit: number; status?: WebhookRequestStatus }): Promise<Page<WebhookRequest>> {
  await findOwnedWebhook({ ctx, userId, appId, webhookId });
  const { requests } = collections(ctx.store);
  const filter = status ? { webhookId, status } : { webhookId };
  const [docs, total] = await Promise.all([
    requests.find(filter, { sort: { created: -1, _id: -1 }, skip: (page - 1) * limit, limit }),
    requests.count(filter),
  ]);
  return { docs: docs.map(withId), total, page, pages: Math.ceil(total / limit), limit };
}

export async function getMessage({ ctx, userId, appId, requestId }: Owned & { requestId: string }): Promise<WebhookMessage> {
  await findOwnedApp({ ctx, userId, appId });
  const doc = await collections(ctx.store).requests.findOne({ _id: requestId, appId });
  if (!doc) throw new NotFoundError('Message not found');
  return withId(doc);
}

export async function resendRequest({
  ctx,
  userId,
  appId,
  webhookId,
  requestId,
}: Owned & { webhookId: string; requestId: string }): Promise<WebhookDelivery> {
  await findOwnedWebhook({ ctx, userId, appId, webhookId });
  const { requests, events, deliveries } = collections(ctx.store);
  const original = await requests.findOne({ _id: requestId, webhookId });
  const event = original && (await events.findOne({ _id: original.eventId }));
  if (!event) throw new NotFoundError('Message not found');
  const delivery = newDelivery({ ctx, event, webhookId, manual: true });
  await deliveries.insertOne(delivery);
  nudgeWorkers();
  return withId(delivery);
}

export async function sendTestEvent({ ctx, userId, appId, webhookId }: Owned & { webhookId: string }): Promise<WebhookDelivery> {
  await findOwnedWebhook({ ctx, userId, appId, webhookId });
  const { events, deliveries } = collections(ctx.store);
  // Every click is a fact of its own.
  const event = buildEvent({ ctx, appId, type: 'webhook.test', cause: randomUUID(), payload: { webhookId, message: 'This is a test event.' } });
  const delivery = newDelivery({ ctx, event, webhookId, manual: true });
  await events.insertOne(event);
  await deliveries.insertOne(delivery);
  nudgeWorkers();
  return withId(delivery);
}
