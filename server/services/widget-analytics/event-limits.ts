// Events a minute per widget and per client address, as fixed one-minute windows in the store
// (shared by every instance). One document per key, reset when a new minute starts; two callers
// resetting it together may lose a count, which a rate limit can afford. Refused events still
// count, so a flood stays refused until it stops.
//
// A write per key per batch was most of a batch's cost (docs/widget-analytics.md, "Bench"), so
// each process counts in memory and adds what it counted for a key to the key's store window at
// most every FLUSH_MS (and at once when its minute turns). A process judges a key by the store's
// total as of that write plus what it counted since: its own events exactly, other instances'
// within FLUSH_MS. Counts still unwritten when their minute ends are dropped: that window is over,
// and carrying them into the next minute would refuse a sender who has since waited.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec, Store } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { TooManyRequestsError } from '../../http/errors';
import { EVENT_MESSAGES } from '../../../rules/widget-events';

export const WIDGET_EVENT_WINDOWS = 'widgetEventWindows';
const MINUTE_MS = 60_000;
export const FLUSH_MS = 250;
/** Past this many keys in memory, the quiet ones are forgotten (the store still holds their counts). */
const MAX_TALLIES = 50_000;

interface WindowDoc {
  /** "widget:{guid}" or "address:{ip}". */
  _id: string;
  /** Minutes since the epoch. */
  window: number;
  count: number;
  [key: string]: unknown;
}

/** What this process knows of one key: the events of `window` (store total at its last write plus its own since), and its own not yet written. */
interface Tally {
  window: number;
  seen: number;
  unwritten: number;
  /** performance.now() of the last write, and its minute. */
  writtenAt?: number;
  writtenWindow?: number;
  writing?: Promise<void>;
}

/** One meter per store: test apps on separate stores count apart, as separate deployments would. */
const meters = new WeakMap<Store, Map<string, Tally>>();

const talliesOf = (store: Store): Map<string, Tally> => {
  let tallies = meters.get(store);
  if (!tallies) {
    tallies = new Map();
    meters.set(store, tallies);
  }
  return tallies;
};

const windows = (ctx: AppContext): Collection<WindowDoc> => ctx.store.collection<WindowDoc>(WIDGET_EVENT_WINDOWS);

export const eventWindowIndexes: IndexSpec[] = [{ collection: WIDGET_EVENT_WINDOWS, fields: { window: 1 } }];

const minuteOf = (ctx: AppContext): number => Math.floor(ctx.now().getTime() / MINUTE_MS);

async function countInWindow({ ctx, key, count }: { ctx: AppContext; key: string; count: number }): Promise<number> {
  const window = minuteOf(ctx);
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

/** Adds the key's unwritten events to its store window and takes the store's total (every instance's) as what is seen. */
async function writeTally({ ctx, key, tally }: { ctx: AppContext; key: string; tally: Tally }): Promise<void> {
  const window = minuteOf(ctx);
  const count = tally.unwritten;
  Object.assign(tally, { unwritten: 0, writtenAt: performance.now(), writtenWindow: window });
  tally.writing = countInWindow({ ctx, key, count })
    .then((total) => {
      Object.assign(tally, { window, seen: total + tally.unwritten });
    })
    .finally(() => {
      tally.writing = undefined;
    });
  await tally.writing;
}

/** Forgets the keys with nothing unwritten from past minutes, or all quiet ones when there are too many. */
function forgetQuiet({ ctx, tallies }: { ctx: AppContext; tallies: Map<string, Tally> }): void {
  const window = minuteOf(ctx);
  const crowded = tallies.size > MAX_TALLIES;
  for (const [key, tally] of tallies) {
    if (tally.unwritten === 0 && !tally.writing && (crowded || tally.window < window)) tallies.delete(key);
  }
}

/** Writes what this process counted to the store's windows. */
export async function flushEventWindows({ ctx }: { ctx: AppContext }): Promise<void> {
  const tallies = talliesOf(ctx.store);
  await Promise.all([...tallies.values()].map((tally) => tally.writing));
  const window = minuteOf(ctx);
  for (const tally of tallies.values()) if (tally.window !== window) tally.unwritten = 0;
  await Promise.all([...tallies].filter(([, tally]) => tally.unwritten > 0).map(([key, tally]) => writeTally({ ctx, key, tally })));
  forgetQuiet({ ctx, tallies });
}

/** Deletes the windows of keys silent since before the last minute (one per address ever seen otherwise). */
export async function sweepEventWindows({ ctx }: { ctx: AppContext }): Promise<number> {
  await flushEventWindows({ ctx });
  return windows(ctx).deleteMany({ window: { $lt: minuteOf(ctx) - 1 } });
}

const secondsToNextMinute = (now: Date): number => Math.max(1, Math.ceil((MINUTE_MS - (now.getTime() % MINUTE_MS)) / 1000));

/** Counts `count` events for the key; past `max` this minute: 429 with the seconds left. */
export async function meterEvents({ ctx, key, count, max, message }: { ctx: AppContext; key: string; count: number; max: number; message: string }): Promise<void> {
  const tallies = talliesOf(ctx.store);
  const window = minuteOf(ctx);
  const tally = tallies.get(key) ?? { window, seen: 0, unwritten: 0 };
  if (tally.window !== window) Object.assign(tally, { window, seen: 0, unwritten: 0 });
  tally.seen += count;
  tally.unwritten += count;
  if (!tallies.has(key)) {
    if (tallies.size >= MAX_TALLIES) forgetQuiet({ ctx, tallies });
    tallies.set(key, tally);
  }
  const due = tally.writtenAt === undefined || tally.writtenWindow !== window || performance.now() - tally.writtenAt >= FLUSH_MS;
  if (due && !tally.writing) await writeTally({ ctx, key, tally });
  if (tally.seen > max) throw new TooManyRequestsError(message, secondsToNextMinute(ctx.now()));
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
