// Calls made with an app's access tokens, counted per UTC calendar month in the store.
import type { AppContext } from '../../../context';
import { requestCounters } from './model';

const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** Counts one call; answers the month's count including it. */
export async function countRequest({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const month = monthOf(ctx.now());
  const counter = await requestCounters(ctx).findOneAndUpdate(
    { _id: `${appId}:${month}` },
    { $inc: { count: 1 }, $setOnInsert: { appId, month } },
    { upsert: true },
  );
  return counter?.count ?? 1;
}

export async function requestsThisMonth({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const counter = await requestCounters(ctx).findOne({ _id: `${appId}:${monthOf(ctx.now())}` });
  return counter?.count ?? 0;
}
