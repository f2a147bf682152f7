// The one way any area announces a change to an app's webhooks: stores the event once and
// queues one delivery per active webhook. Delivery happens in the worker, never here.
// Emission is idempotent on the event's cause (docs/webhooks.md, "One event per fact"): the
// event id is derived from it, so a step that runs again (a retried job, a second instance)
// announces nothing new and receivers see one webhook-id per fact.
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { WebhookEventType } from '../../../generated/client/types.gen';
import { DuplicateKeyError } from '../../storage/port';
import type { Collection, Doc } from '../../storage/port';
import { collections } from './model';
import type { DeliveryDoc, WebhookDoc, WebhookEventDoc } from './model';
import { nudgeWorkers } from './wake';

/**
 * Standard Webhooks message id of one fact: a digest of the app, the type and the cause, so
 * the same cause always gives the same id and the id shows nothing of what caused it.
 */
export const eventIdOf = ({ appId, type, cause }: { appId: string; type: WebhookEventType; cause: string }): string =>
  `msg_${createHash('sha256').update(`${appId}\n${type}\n${cause}`).digest('hex').slice(0, 32)}`;

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
    // An event's automatic delivery to a webhook is one per pair; resends and tests are each their own.
    _id: manual ? randomUUID() : `${event._id}.${webhookId}`,
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
  /**
   * What happened, as an id that a repeat of the same fact repeats: the installation's
   * installId, the job's id, the record's id and version... Two emissions with the same
   * type and cause are one event.
   */
  cause: string;
  /** Becomes `data` in the body; JSON-serialisable. */
  payload: Record<string, unknown>;
}

export function buildEvent({ ctx, appId, type, cause, payload }: EventInput): WebhookEventDoc {
  const created = ctx.now().toISOString();
  return {
    _id: eventIdOf({ appId, type, cause }),
    appId,
    type,
    body: JSON.stringify({ type, timestamp: created, appId, data: payload }),
    created,
  };
}

/** Inserts the document unless one with its _id is there; answers whether it did. */
export async function insertUnlessPresent<T extends Doc>({ collection, doc }: { collection: Collection<T>; doc: T }): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}

/** Queues the event to each target; a delivery already queued (by an earlier emission of the same cause) is left as it is. */
async function queueDeliveries({ ctx, event, targets }: { ctx: AppContext; event: WebhookEventDoc; targets: WebhookDoc[] }): Promise<void> {
  const { deliveries } = collections(ctx.store);
  const docs = targets.map((w) => newDelivery({ ctx, event, webhookId: w._id, manual: false }));
  try {
    await deliveries.insertMany(docs);
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    for (const doc of docs) await insertUnlessPresent({ collection: deliveries, doc });
  }
}

/**
 * Fans the event out to the app's active webhooks. An app without any stores nothing. The
 * event is stored first and marked once its deliveries are queued, so an emission cut short
 * in between is completed by the next emission of the same cause instead of being lost.
 */
export async function emitEvent(input: EventInput): Promise<void> {
  const { webhooks, events } = collections(input.ctx.store);
  const targets = await webhooks.find({ appId: input.appId, status: 'active' });
  if (targets.length === 0) return;
  const event = buildEvent(input);
  const first = await insertUnlessPresent({ collection: events, doc: event });
  if (!first && (await events.findOne({ _id: event._id }))?.queued) return;
  await queueDeliveries({ ctx: input.ctx, event, targets });
  await events.updateOne({ _id: event._id }, { $set: { queued: true } });
  nudgeWorkers();
}
