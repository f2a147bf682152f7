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
import { useLinger } from '../../../components/Loading';
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
  const revenue = useQuery(getAppAnalyticsRevenueOptions({ path, query: chartQuery }));
  const installations = useQuery(getAppAnalyticsInstallationsStatsOptions({ path, query: statsQuery }));
  const subscriptions = useQuery(getAppAnalyticsSubscriptionsStatsOptions({ path, query: statsQuery }));
  const total = useQuery(getAppAnalyticsTotalOptions({ path }));
  const usage = useQuery(getAppAnalyticsUsageOptions({ path }));
  return {
    span,
    /** The charts' loading indicator, lingering 600 ms (spec 000 section 9). */
    chartsLoading: useLinger(revenue.isPending || installations.isPending || subscriptions.isPending),
    /** Which figures have no answer yet: they show placeholders, not zeros (issue 27). */
    pending: { total: total.isPending, usage: usage.isPending, revenue: revenue.isPending, installations: installations.isPending, subscriptions: subscriptions.isPending },
    total: useLogged(total, 'totals')?.data,
    usage: useLogged(usage, 'usage')?.data,
    revenue: useLogged(revenue, 'revenue')?.data ?? [],
    installations: useLogged(installations, 'installations')?.data ?? [],
    subscriptions: useLogged(subscriptions, 'subscriptions')?.data ?? [],
  };
}
