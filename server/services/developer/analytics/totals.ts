// The dashboard's total cards and usage meters.
import type { AppContext } from '../../../context';
import type { AnalyticsTotal, AnalyticsUsage } from '../../../../generated/client/types.gen';
import { appUsers, charges, subscriptions } from '../model';
import { appStorageBytes } from '../app-data';
import { requestsThisMonth } from '../install/request-counter';
import { netAmount, REVENUE_STATUSES } from './revenue';

export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'];

/** Installed app users; records written without a status (by other areas) count as installed. */
const installedFilter = (appId: string): Record<string, unknown> => ({ appId, status: { $ne: 'uninstalled' } });

export async function analyticsTotal({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<AnalyticsTotal> {
  const [users, subs, paid] = await Promise.all([
    appUsers(ctx).count(installedFilter(appId)),
    subscriptions(ctx).count({ appId, status: { $in: LIVE_SUBSCRIPTION_STATUSES } }),
    charges(ctx).find({ appId, status: { $in: REVENUE_STATUSES } }),
  ]);
  const revenue = Math.round(paid.reduce((sum, c) => sum + netAmount(c) * 100, 0)) / 100;
  return { users, subscriptions: subs, revenue };
}

export async function analyticsUsage({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<AnalyticsUsage> {
  const [installations, storage, requests] = await Promise.all([
    appUsers(ctx).count(installedFilter(appId)),
    appStorageBytes({ ctx, appId }),
    requestsThisMonth({ ctx, appId }),
  ]);
  return { installations, storage, requests };
}
