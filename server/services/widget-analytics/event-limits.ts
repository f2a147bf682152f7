// Events a minute per widget and per client address, as fixed one-minute windows shared by every
// instance through the store. Refused events still count, so a flood stays refused until it stops.
//
// A write per key per batch was most of a batch's cost (docs/widget-analytics.md, "Bench"), so
// the windows are counted in memory and written per process at most every quarter second
// (metering/shared-counts.ts): a process judges a key by every instance's count as of its last
// flush plus its own since.
import type { AppContext } from '../../context';
import type { IndexSpec } from '../../storage/port';
import type { AddressKey } from '../../http/client-address';
import type { SharedCount } from '../metering/shared-counts';
import { addCount } from '../metering/shared-counts';
import { TooManyRequestsError } from '../../http/errors';
import { EVENT_MESSAGES } from '../../../rules/widget-events';

export const WIDGET_EVENT_WINDOWS = 'widgetEventWindows';
const MINUTE_MS = 60_000;

const minuteOf = (now: Date): number => Math.floor(now.getTime() / MINUTE_MS);

/** One document `{key, window, count}` per key ("widget:{guid}" or "address:{addressKey}"), minute and process. */
const eventWindows: SharedCount = {
  collection: WIDGET_EVENT_WINDOWS,
  periodOf: minuteOf,
  fieldsOf: (key, window) => ({ key, window }),
  expired: (now) => ({ window: { $lt: minuteOf(now) - 1 } }),
};

export const eventWindowIndexes: IndexSpec[] = [
  { collection: WIDGET_EVENT_WINDOWS, fields: { key: 1, window: 1 } },
  { collection: WIDGET_EVENT_WINDOWS, fields: { window: 1 } },
];

const secondsToNextMinute = (now: Date): number => Math.max(1, Math.ceil((MINUTE_MS - (now.getTime() % MINUTE_MS)) / 1000));

/** Counts `count` events for the key; past `max` this minute: 429 with the seconds left. */
async function meterEvents({ ctx, key, count, max, message }: { ctx: AppContext; key: string; count: number; max: number; message: string }): Promise<void> {
  const seen = await addCount({ ctx, shared: eventWindows, key, add: count });
  if (seen > max) throw new TooManyRequestsError(message, secondsToNextMinute(ctx.now()));
}

/** `address`: the sender's addressKey (http/client-address.ts), so an IPv6 /64 shares one window. */
export const addressLimit = ({ ctx, address, count }: { ctx: AppContext; address: AddressKey; count: number }): Promise<void> =>
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
