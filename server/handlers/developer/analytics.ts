import type {
  GetAppAnalyticsInstallationsStatsData,
  GetAppAnalyticsInstallationsStatsResponse,
  GetAppAnalyticsRevenueData,
  GetAppAnalyticsRevenueResponse,
  GetAppAnalyticsSubscriptionsStatsData,
  GetAppAnalyticsSubscriptionsStatsResponse,
  GetAppAnalyticsTotalData,
  GetAppAnalyticsTotalResponse,
  GetAppAnalyticsUsageData,
  GetAppAnalyticsUsageResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { findOwnedApp } from '../../services/developer/owned-app';
import { analyticsTotal, analyticsUsage } from '../../services/developer/analytics/totals';
import { revenueRows } from '../../services/developer/analytics/revenue';
import { installationStats, subscriptionStats } from '../../services/developer/analytics/stats';

export const getAppAnalyticsTotal = handler<GetAppAnalyticsTotalData, GetAppAnalyticsTotalResponse>(async ({ ctx, req, path }) => {
  const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: await analyticsTotal({ ctx, appId: app._id }) };
});

export const getAppAnalyticsUsage = handler<GetAppAnalyticsUsageData, GetAppAnalyticsUsageResponse>(async ({ ctx, req, path }) => {
  const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: await analyticsUsage({ ctx, appId: app._id }) };
});

export const getAppAnalyticsRevenue = handler<GetAppAnalyticsRevenueData, GetAppAnalyticsRevenueResponse>(async ({ ctx, req, path, query }) => {
  const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: await revenueRows({ ctx, appId: app._id, ...query }) };
});

export const getAppAnalyticsInstallationsStats = handler<GetAppAnalyticsInstallationsStatsData, GetAppAnalyticsInstallationsStatsResponse>(
  async ({ ctx, req, path, query }) => {
    const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
    return { data: await installationStats({ ctx, appId: app._id, ...query }) };
  },
);

export const getAppAnalyticsSubscriptionsStats = handler<GetAppAnalyticsSubscriptionsStatsData, GetAppAnalyticsSubscriptionsStatsResponse>(
  async ({ ctx, req, path, query }) => {
    const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
    return { data: await subscriptionStats({ ctx, appId: app._id, ...query }) };
  },
);
