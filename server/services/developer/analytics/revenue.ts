// Revenue rows for the revenue chart and its per-platform meters.
import type { AppContext } from '../../../context';
import type { AnalyticsRevenueRow } from '../../../../generated/client/types.gen';
import { charges } from '../model';
import type { ChargeDoc } from '../model';
import { chartWindow, createdIn, periodOf, periodStart } from './range';
import type { GroupBy } from './range';

/** Charges that brought money in (partly refunded ones for what is left); refunded or failed ones do not count. */
export const REVENUE_STATUSES = ['succeeded', 'partially_refunded'];

/** What a charge brought in once its partial refunds are taken off. */
export const netAmount = (charge: Pick<ChargeDoc, 'amount' | 'refundedAmount'>): number => charge.amount - (charge.refundedAmount ?? 0);

const cents = (amount: number): number => Math.round(amount * 100) / 100;

export async function revenueRows({
  ctx,
  appId,
  groupBy,
  from,
  to,
}: {
  ctx: AppContext;
  appId: string;
  groupBy?: GroupBy;
  from?: string;
  to?: string;
}): Promise<AnalyticsRevenueRow[]> {
  const window = chartWindow({ ctx, from, to, toInclusive: true });
  const docs = await charges(ctx).find({ appId, status: { $in: REVENUE_STATUSES }, created: createdIn(window) }, { sort: { created: 1 } });
  const rows = docs.map((c) => ({ created: c.created, amount: cents(netAmount(c)), currency: c.currency, user: { platform: c.platform } }));
  if (!groupBy) return rows;
  const sums = new Map<string, AnalyticsRevenueRow>();
  for (const row of rows) {
    const created = periodStart(periodOf(row.created, groupBy));
    const id = `${created}|${row.user.platform}|${row.currency}`;
    const sum = sums.get(id) ?? { ...row, created, amount: 0 };
    sum.amount = cents(sum.amount + row.amount);
    sums.set(id, sum);
  }
  return [...sums.values()];
}
