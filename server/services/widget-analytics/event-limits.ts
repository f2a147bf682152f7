// Events a minute per widget and per client address, as fixed one-minute windows in the store
// (shared by every instance). One document per key, reset when a new minute starts; two callers
// resetting it together may lose a count, which a rate limit can afford. Refused events still
// count, so a flood stays refused until it stops.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { TooManyRequestsError } from '../../http/errors';
import { EVENT_MESSAGES } from '../../../rules/widget-events';

export const WIDGET_EVENT_WINDOWS = 'widgetEventWindows';
const MINUTE_MS = 60_000;

interface WindowDoc {
  /** "widget:{guid}" or "address:{ip}". */
  _id: string;
  /** Minutes since the epoch. */
  window: number;
  count: number;
  [key: string]: unknown;
}

const windows = (ctx: AppContext): Collection<WindowDoc> => ctx.store.collection<WindowDoc>(WIDGET_EVENT_WINDOWS);

export const eventWindowIndexes: IndexSpec[] = [{ collection: WIDGET_EVENT_WINDOWS, fields: { window: 1 } }];

/** Deletes the windows of keys silent since before the last minute (one per address ever seen otherwise). */
export const sweepEventWindows = ({ ctx }: { ctx: AppContext }): Promise<number> =>
  windows(ctx).deleteMany({ window: { $lt: Math.floor(ctx.now().getTime() / MINUTE_MS) - 1 } });

async function countInWindow({ ctx, key, count }: { ctx: AppContext; key: string; count: number }): Promise<number> {
  const window = Math.floor(ctx.now().getTime() / MINUTE_MS);
  const same = await windows(ctx).findOneAndUpdate({ _id: key, window }, { $inc: { count } });
  if (same) return same.count;
  try {
    await windows(ctx).findOneAndUpdate({ _id: key }, { $set: { window, count } }, { upsert: true });
    return count;
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    return countInWindow({ ctx, key, count });
  }
}

const secondsToNextMinute = (now: Date): number => Math.max(1, Math.ceil((MINUTE_MS - (now.getTime() % MINUTE_MS)) / 1000));

/** Counts `count` events for the key; past `max` this minute: 429 with the seconds left. */
export async function meterEvents({ ctx, key, count, max, message }: { ctx: AppContext; key: string; count: number; max: number; message: string }): Promise<void> {
  const total = await countInWindow({ ctx, key, count });
  if (total > max) throw new TooManyRequestsError(message, secondsToNextMinute(ctx.now()));
}

export const addressLimit = ({ ctx, address, count }: { ctx: AppContext; address: string; count: number }): Promise<void> =>
  meterEvents({
    ctx,
    key: `address:${address}`,
    count,
    max: ctx.config.eventLimits.perAddressPerMinute,
    message: EVENT_MESSAGES.tooManyForAddress(ctx.config.eventLimits.perAddressPerMinute),
  });

export const widgetLimit = ({ ctx, widgetId, count }: { ctx: AppContext; widgetId: string; count: number }): Promise<void> =>
  meterEvents({
    ctx,
    key: `widget:${widgetId}`,
    count,
    max: ctx.config.eventLimits.perWidgetPerMinute,
    message: EVENT_MESSAGES.tooManyForWidget(ctx.config.eventLimits.perWidgetPerMinute),
  });
