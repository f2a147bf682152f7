// Everything the dashboard shows. Analytics failures are only logged (spec 000 section 7).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  getAppAnalyticsInstallationsStatsOptions,
  getAppAnalyticsRevenueOptions,
  getAppAnalyticsSubscriptionsStatsOptions,
  getAppAnalyticsTotalOptions,
  getAppAnalyticsUsageOptions,
} from '../../../../../generated/client/@tanstack/react-query.gen';
import { rangeWindow, statsTo } from '../lib/ranges';
import type { RangeKey } from '../lib/ranges';

function useLogged<T, E>(query: UseQueryResult<T, E>, what: string): T | undefined {
  useEffect(() => {
    if (query.error) console.error(`Could not load ${what}`, query.error);
  }, [query.error, what]);
  return query.data;
}

export function useDashboardData({ appId, range, now }: { appId: string; range: RangeKey; now: Date }) {
  const span = rangeWindow(range, now);
  const path = { appId };
  const chartQuery = { groupBy: span.groupBy, from: span.from, to: span.to };
  const statsQuery = { ...chartQuery, to: statsTo(span) };
  return {
    span,
    total: useLogged(useQuery(getAppAnalyticsTotalOptions({ path })), 'totals')?.data,
    usage: useLogged(useQuery(getAppAnalyticsUsageOptions({ path })), 'usage')?.data,
    revenue: useLogged(useQuery(getAppAnalyticsRevenueOptions({ path, query: chartQuery })), 'revenue')?.data ?? [],
    installations: useLogged(useQuery(getAppAnalyticsInstallationsStatsOptions({ path, query: statsQuery })), 'installations')?.data ?? [],
    subscriptions: useLogged(useQuery(getAppAnalyticsSubscriptionsStatsOptions({ path, query: statsQuery })), 'subscriptions')?.data ?? [],
  };
}
