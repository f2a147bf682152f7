// Stored bytes per user as a running counter, reserved before a file is stored and given back
// when it is deleted or its storing fails, so checking the plan's limit never sums the assets.
import type { AppContext } from '../../context';
import type { Collection } from '../../storage/port';
import { ForbiddenError } from '../../http/errors';
import { planFeaturesOf } from '../workspace/plan-features';
import { PLAN_LIMIT } from '../workspace/projects';
import { storageFull } from '../../../rules/media';

interface StorageUsageDoc {
  _id: string;
  bytes: number;
  [key: string]: unknown;
}

const usage = (ctx: AppContext): Collection<StorageUsageDoc> => ctx.store.collection<StorageUsageDoc>('storageUsage');

export async function storedBytes({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<number> {
  return (await usage(ctx).findOne({ _id: userId }))?.bytes ?? 0;
}

/**
 * Adds `bytes` to the user's counter when the total stays within the plan's storage, in one
 * conditional update, so two uploads at once cannot both slip under the limit.
 */
export async function reserveBytes({ ctx, userId, bytes }: { ctx: AppContext; userId: string; bytes: number }): Promise<void> {
  const { numberOfBytesInStorage: limit } = await planFeaturesOf({ ctx, userId });
  await usage(ctx).findOneAndUpdate({ _id: userId }, { $setOnInsert: { bytes: 0 } }, { upsert: true });
  const reserved = await usage(ctx).findOneAndUpdate({ _id: userId, bytes: { $lte: limit - bytes } }, { $inc: { bytes } });
  if (!reserved) throw new ForbiddenError(storageFull(limit), PLAN_LIMIT);
}

export async function releaseBytes({ ctx, userId, bytes }: { ctx: AppContext; userId: string; bytes: number }): Promise<void> {
  await usage(ctx).updateOne({ _id: userId }, { $inc: { bytes: -bytes } });
}
