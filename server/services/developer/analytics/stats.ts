// Installations and subscriptions per day or month, counted from the stored records.
import type { AppContext } from '../../../context';
import type { AnalyticsCountRow } from '../../../../generated/client/types.gen';
import { appUsers, subscriptions } from '../model';
import { chartWindow, createdIn, periodOf, periodStart } from './range';
import type { GroupBy } from './range';

interface StatsInput {
  ctx: AppContext;
  appId: string;
  groupBy?: GroupBy;
  from?: string;
  to?: string;
}

export function countByPeriod({ createdDates, groupBy }: { createdDates: string[]; groupBy: GroupBy }): AnalyticsCountRow[] {
  const rows = new Map<string, AnalyticsCountRow>();
  for (const created of createdDates) {
    const key = periodOf(created, groupBy);
    const id = periodStart(key);
    const row = rows.get(id) ?? { _id: key, count: 0 };
    row.count += 1;
    rows.set(id, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
}

export async function installationStats({ ctx, appId, groupBy = 'month', from, to }: StatsInput): Promise<AnalyticsCountRow[]> {
  const window = chartWindow({ ctx, from, to, toInclusive: false });
  const docs = await appUsers(ctx).find({ appId, created: createdIn(window) });
  return countByPeriod({ createdDates: docs.map((d) => d.created), groupBy });
}

export async function subscriptionStats({ ctx, appId, groupBy = 'month', from, to }: StatsInput): Promise<AnalyticsCountRow[]> {
  const window = chartWindow({ ctx, from, to, toInclusive: false });
  const docs = await subscriptions(ctx).find({ appId, created: createdIn(window) });
  return countByPeriod({ createdDates: docs.map((d) => d.created), groupBy });
}
