// Mini-bundles (Create Your Own Bundle, spec 002 section 5): the apps a mini_bundles subscription
// covers, never more than its plan's numberOfApps (3 when unknown), never the bracket app.
import { randomUUID } from 'node:crypto';
import type { MiniBundle } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { NotFoundError, ValidationError } from '../../../http/errors';
import { removeAppsMessage } from '../../../../rules/billing-messages';
import { miniBundles, subscriptions } from '../model';
import type { MiniBundleDoc, SubscriptionDoc } from '../model';
import { findPlan } from '../plans/find';
import { LIVE_STATUSES } from '../plans/live-subscriptions';
import { bundleLimit, EXCLUDED_APP } from './mini-bundle-limit';

export const BUNDLE_NOT_FOUND = 'Bundle not found';

const holderOf = ({ ctx, bundle }: { ctx: AppContext; bundle: MiniBundleDoc }): Promise<SubscriptionDoc | null> =>
  subscriptions(ctx).findOne({ userId: bundle.userId, miniBundleId: bundle._id, status: { $in: [...LIVE_STATUSES] } }, { sort: { created: -1 } });

/** The limit from the plan named in the call, else the live subscription holding the bundle. */
async function limitFor({ ctx, planId, holder }: { ctx: AppContext; planId?: string; holder: SubscriptionDoc | null }): Promise<number> {
  if (planId) return bundleLimit(await findPlan({ ctx, planId }));
  return bundleLimit(holder?.plan ?? null);
}

function checkedApps({ selectedApps, limit }: { selectedApps: string[]; limit: number }): string[] {
  const apps = [...new Set(selectedApps)].filter((app) => app !== EXCLUDED_APP);
  if (apps.length > limit) {
    const message = removeAppsMessage(apps.length - limit);
    throw new ValidationError(message, { selectedApps: message });
  }
  return apps;
}

const toMiniBundle = ({ bundle, limit, holder }: { bundle: MiniBundleDoc; limit: number; holder: SubscriptionDoc | null }): MiniBundle => ({
  id: bundle._id,
  selectedApps: bundle.selectedApps,
  limit,
  ...(holder ? { subscriptionId: holder._id } : {}),
});

export async function createMiniBundle({ ctx, userId, selectedApps, planId }: { ctx: AppContext; userId: string; selectedApps: string[]; planId?: string }): Promise<MiniBundle> {
  const limit = await limitFor({ ctx, planId, holder: null });
  const now = ctx.now().toISOString();
  const bundle: MiniBundleDoc = { _id: randomUUID(), userId, selectedApps: checkedApps({ selectedApps, limit }), created: now, updated: now };
  await miniBundles(ctx).insertOne(bundle);
  return toMiniBundle({ bundle, limit, holder: null });
}

export async function updateMiniBundle({ ctx, userId, id, selectedApps, planId }: { ctx: AppContext; userId: string; id: string; selectedApps: string[]; planId?: string }): Promise<MiniBundle> {
  const bundle = await miniBundles(ctx).findOne({ _id: id, userId });
  if (!bundle) throw new NotFoundError(BUNDLE_NOT_FOUND);
  const holder = await holderOf({ ctx, bundle });
  const limit = await limitFor({ ctx, planId, holder });
  const changes = { selectedApps: checkedApps({ selectedApps, limit }), updated: ctx.now().toISOString() };
  await miniBundles(ctx).updateOne({ _id: id }, { $set: changes });
  return toMiniBundle({ bundle: { ...bundle, ...changes }, limit, holder });
}

export async function getMiniBundle({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<MiniBundle | null> {
  const bundle = await miniBundles(ctx).findOne({ userId }, { sort: { created: -1 } });
  if (!bundle) return null;
  const holder = await holderOf({ ctx, bundle });
  return toMiniBundle({ bundle, limit: bundleLimit(holder?.plan ?? null), holder });
}
