// Each call of the public data API counts toward its app's monthly requests (the install area's
// counter, shown on the dashboard) and toward a per-minute window; past either limit: 429.
// The minute window is one document per app reset when a new minute starts: two callers resetting
// it together may lose one count, which a rate limit can afford.
import type { AppContext } from '../../../context';
import type { Collection } from '../../../storage/port';
import { DuplicateKeyError } from '../../../storage/port';
import { TooManyRequestsError } from '../../../http/errors';
import { countRequest, requestsThisMonth } from '../../developer/install/request-counter';

export const DB_REQUEST_WINDOWS = 'dbRequestWindows';

interface WindowDoc {
  /** The appId. */
  _id: string;
  appId: string;
  /** Minutes since the epoch. */
  window: number;
  count: number;
  [key: string]: unknown;
}

const MINUTE_MS = 60_000;

const windows = (ctx: AppContext): Collection<WindowDoc> => ctx.store.collection<WindowDoc>(DB_REQUEST_WINDOWS);

export const requestLimitMessages = {
  month: (max: number): string => `Monthly request limit reached: this app may make ${max.toLocaleString('en-US')} requests a month`,
  minute: (max: number): string => `Too many requests: this app may make ${max.toLocaleString('en-US')} requests a minute`,
};

async function countThisMinute({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const window = Math.floor(ctx.now().getTime() / MINUTE_MS);
  const same = await windows(ctx).findOneAndUpdate({ _id: appId, window }, { $inc: { count: 1 } });
  if (same) return same.count;
  try {
    await windows(ctx).findOneAndUpdate({ _id: appId }, { $set: { window, count: 1 }, $setOnInsert: { appId } }, { upsert: true });
    return 1;
  } catch (err) {
    // Another caller opened the app's first window at the same moment.
    if (!(err instanceof DuplicateKeyError)) throw err;
    return countThisMinute({ ctx, appId });
  }
}

function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export async function meterRequest({ ctx, appId, counted }: { ctx: AppContext; appId: string; counted: boolean }): Promise<void> {
  const limits = ctx.config.dataQuotas;
  const [month, minute] = await Promise.all([
    counted ? requestsThisMonth({ ctx, appId }) : countRequest({ ctx, appId }),
    countThisMinute({ ctx, appId }),
  ]);
  if (month > limits.requestsPerMonth) throw new TooManyRequestsError(requestLimitMessages.month(limits.requestsPerMonth), secondsToNextMonth(ctx.now()));
  if (minute > limits.requestsPerMinute) {
    const seconds = Math.max(1, Math.ceil((MINUTE_MS - (ctx.now().getTime() % MINUTE_MS)) / 1000));
    throw new TooManyRequestsError(requestLimitMessages.minute(limits.requestsPerMinute), seconds);
  }
}
