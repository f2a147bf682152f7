// Each call of the public data API counts toward its app's monthly requests (the install area's
// counter, shown on the dashboard) and toward a per-minute window; past either limit: 429.
// Both are counted in memory and written per process at most every quarter second
// (metering/shared-counts.ts), so a call writes nothing to the store and waits on no other
// instance; a limit may be overshot by what the other instances admit in about half a second.
import type { AppContext } from '../../../context';
import type { IndexSpec } from '../../../storage/port';
import type { SharedCount } from '../../metering/shared-counts';
import { addCount } from '../../metering/shared-counts';
import { TooManyRequestsError } from '../../../http/errors';
import { countRequest } from '../../developer/install/request-counter';

export const DB_REQUEST_WINDOWS = 'dbRequestWindows';

const MINUTE_MS = 60_000;

/** One document `{appId, window, count}` per app, minute (since the epoch) and process; swept once the minute is over. */
const minuteWindows: SharedCount = {
  collection: DB_REQUEST_WINDOWS,
  periodOf: (now) => Math.floor(now.getTime() / MINUTE_MS),
  fieldsOf: (appId, window) => ({ appId, window }),
  expired: (now) => ({ window: { $lt: Math.floor(now.getTime() / MINUTE_MS) - 1 } }),
};

export const requestWindowIndexes: IndexSpec[] = [
  { collection: DB_REQUEST_WINDOWS, fields: { appId: 1, window: 1 } },
  { collection: DB_REQUEST_WINDOWS, fields: { window: 1 } },
];

export const requestLimitMessages = {
  month: (max: number): string => `Monthly request limit reached: this app may make ${max.toLocaleString('en-US')} requests a month`,
  minute: (max: number): string => `Too many requests: this app may make ${max.toLocaleString('en-US')} requests a minute`,
};

function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** `counted`: the call was counted toward the month already (install tokens count themselves). */
export async function meterRequest({ ctx, appId, counted }: { ctx: AppContext; appId: string; counted: boolean }): Promise<void> {
  const limits = ctx.config.dataQuotas;
  const [month, minute] = await Promise.all([
    countRequest({ ctx, appId, add: counted ? 0 : 1 }),
    addCount({ ctx, shared: minuteWindows, key: appId, add: 1 }),
  ]);
  if (month > limits.requestsPerMonth) throw new TooManyRequestsError(requestLimitMessages.month(limits.requestsPerMonth), secondsToNextMonth(ctx.now()));
  if (minute > limits.requestsPerMinute) {
    const seconds = Math.max(1, Math.ceil((MINUTE_MS - (ctx.now().getTime() % MINUTE_MS)) / 1000));
    throw new TooManyRequestsError(requestLimitMessages.minute(limits.requestsPerMinute), seconds);
  }
}
