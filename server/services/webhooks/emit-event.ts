// The one way any area announces a change to an app's webhooks: stores the event once and
// queues one delivery per active webhook. Delivery happens in the worker, never here.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { WebhookEventType } from '../../../generated/client/types.gen';
import { collections } from './model';
import type { DeliveryDoc, WebhookEventDoc } from './model';
import { nudgeWorkers } from './wake';

/** Standard Webhooks message ids: the same on every attempt, so receivers can deduplicate. */
const newEventId = (): string => `msg_${randomUUID().replace(/-/g, '')}`;

export function newDelivery({
  ctx,
  event,
  webhookId,
  manual,
}: {
  ctx: AppContext;
  event: Pick<WebhookEventDoc, '_id' | 'appId' | 'type'>;
  webhookId: string;
  manual: boolean;
}): DeliveryDoc {
  const now = ctx.now().toISOString();
  return {
    _id: randomUUID(),
    appId: event.appId,
    webhookId,
    eventId: event._id,
    type: event.type,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    manual,
    created: now,
    updated: now,
  };
}

export interface EventInput {
  ctx: AppContext;
  appId: string;
  type: WebhookEventType;
  /** Becomes `data` in the body; JSON-serialisable. */
  payload: Record<string, unknown>;
}

export function buildEvent({ ctx, appId, type, payload }: EventInput): WebhookEventDoc {
  const created = ctx.now().toISOString();
  return {
    _id: newEventId(),
    appId,
    type,
    body: JSON.stringify({ type, timestamp: created, appId, data: payload }),
    created,
  };
}

/** Fans the event out to the app's active webhooks. An app without any stores nothing. */
export async function emitEvent({ ctx, appId, type, payload }: EventInput): Promise<void> {
  const { webhooks, events, deliveries } = collections(ctx.store);
  const targets = await webhooks.find({ appId, status: 'active' });
  if (targets.length === 0) return;
  const event = buildEvent({ ctx, appId, type, payload });
  await events.insertOne(event);
  await deliveries.insertMany(targets.map((w) => newDelivery({ ctx, event, webhookId: w._id, manual: false })));
  nudgeWorkers();
}
