// Calls made with an app's access tokens, counted per UTC calendar month in the store.
import type { AppContext } from '../../../context';
import { requestCounters } from './model';

const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

export async function countRequest({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  const month = monthOf(ctx.now());
  await requestCounters(ctx).findOneAndUpdate(
    { _id: `${appId}:${month}` },
    { $inc: { count: 1 }, $setOnInsert: { appId, month } },
    { upsert: true },
  );
}

export async function requestsThisMonth({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const counter = await requestCounters(ctx).findOne({ _id: `${appId}:${monthOf(ctx.now())}` });
  return counter?.count ?? 0;
}
