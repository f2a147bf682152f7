// Revenue rows spread over the range's buckets, and summed per platform for the meters.
import type { AnalyticsRevenueRow } from '../../../../../generated/client/types.gen';
import type { RangeWindow } from '../lib/ranges';

export function revenueSeries(rows: ReadonlyArray<AnalyticsRevenueRow>, window: RangeWindow): number[] {
  const length = window.groupBy === 'day' ? 10 : 7;
  const sums = new Map<string, number>();
  for (const row of rows) {
    const key = row.created.slice(0, length);
    sums.set(key, (sums.get(key) ?? 0) + row.amount);
  }
  return window.buckets.map((b) => Number((sums.get(b) ?? 0).toFixed(2)));
}

export function revenueByPlatform(rows: ReadonlyArray<AnalyticsRevenueRow>): Array<{ platform: string; amount: number }> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.user.platform, (sums.get(row.user.platform) ?? 0) + row.amount);
  return [...sums].map(([platform, amount]) => ({ platform, amount })).sort((a, b) => b.amount - a.amount);
}

/** The platform identifier nindo is shown with the product's own brand label; others by their
 * catalog name (e.g. "WooCommerce") when known. */
export const platformLabel = (platform: string, brand: string, catalog: ReadonlyArray<{ name: string; displayName: string }> = []): string =>
  platform === 'nindo' ? brand : (catalog.find((p) => p.name === platform)?.displayName ?? platform.charAt(0).toUpperCase() + platform.slice(1));
