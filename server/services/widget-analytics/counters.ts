// Daily counters of widget events: one document per widget, host, UTC day, type and subtype,
// raised with $inc. Its _id is that key, so concurrent first writers meet on the primary key
// and no second unique index is needed (docs/widget-analytics.md: why not an append log).
import type { AppContext } from '../../context';
import type { Collection, Doc, IndexSpec } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import type { EngagementSubtype, WidgetEventType } from '../../../rules/widget-events';

export const WIDGET_EVENT_COUNTERS = 'widgetEventCounters';

export interface CounterKey {
  widgetId: string;
  host: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  type: WidgetEventType;
  subtype: EngagementSubtype | '';
}

export interface EventCounterDoc extends CounterKey {
  _id: string;
  count: number;
  [key: string]: unknown;
}

export const eventCounters = (ctx: AppContext): Collection<EventCounterDoc> => ctx.store.collection<EventCounterDoc>(WIDGET_EVENT_COUNTERS);

export const eventCounterIndexes: IndexSpec[] = [{ collection: WIDGET_EVENT_COUNTERS, fields: { widgetId: 1, day: 1 } }];

export const counterId = (key: CounterKey): string => [key.widgetId, key.day, key.type, key.subtype, key.host].join('|');

/**
 * Adds `count` to the document `_id` of a running count, creating it with `insert` on first use.
 * Two first writers of the same `_id` meet on the primary key: the loser's DuplicateKeyError
 * becomes a plain $inc.
 */
export async function raiseCount<T extends Doc>({ collection, _id, count, insert }: { collection: Collection<T>; _id: string; count: number; insert: Record<string, unknown> }): Promise<void> {
  try {
    await collection.findOneAndUpdate({ _id }, { $inc: { count }, $setOnInsert: insert }, { upsert: true });
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    await collection.updateOne({ _id }, { $inc: { count } });
  }
}

/** Adds `count` to the key's counter, creating it on first use. */
export async function addToCounter({ ctx, key, count }: { ctx: AppContext; key: CounterKey; count: number }): Promise<void> {
  await raiseCount({ collection: eventCounters(ctx), _id: counterId(key), count, insert: { ...key } });
}
