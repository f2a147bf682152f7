// Dashboard chart ranges (spec 000 section 4): 1 Year and 6 Months are monthly, 1 Month is daily.

export type RangeKey = 'year' | 'half' | 'month';
export type GroupBy = 'month' | 'day';

export const RANGES: ReadonlyArray<{ key: RangeKey; label: string }> = [
  { key: 'year', label: '1 Year' },
  { key: 'half', label: '6 Months' },
  { key: 'month', label: '1 Month' },
];

export const DEFAULT_RANGE: RangeKey = 'month';

export interface RangeWindow {
  groupBy: GroupBy;
  from: string;
  to: string;
  /** One label per bucket, oldest first: YYYY-MM for months, YYYY-MM-DD for days. */
  buckets: string[];
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));

export function rangeWindow(range: RangeKey, now: Date): RangeWindow {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (range === 'month') {
    const from = addDays(today, -29);
    const buckets = Array.from({ length: 30 }, (_, i) => isoDay(addDays(from, i)));
    return { groupBy: 'day', from: isoDay(from), to: isoDay(today), buckets };
  }
  const months = range === 'year' ? 12 : 6;
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  const buckets = Array.from({ length: months }, (_, i) =>
    new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)).toISOString().slice(0, 7));
  return { groupBy: 'month', from: isoDay(first), to: isoDay(today), buckets };
}

/** The stats endpoints treat `to` as exclusive, so the spec moves their end date one day later. */
export function statsTo(window: RangeWindow): string {
  return isoDay(addDays(new Date(`${window.to}T00:00:00Z`), 1));
}

export interface CountRow {
  _id: { year: number; month: number; day?: number | null };
  count: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function bucketOf(id: CountRow['_id'], groupBy: GroupBy): string {
  const month = `${id.year}-${pad(id.month)}`;
  return groupBy === 'day' && id.day ? `${month}-${pad(id.day)}` : month;
}

/** Spreads count rows over every bucket of the window, zero where the server sent nothing. */
export function seriesOf(rows: ReadonlyArray<CountRow>, window: RangeWindow): number[] {
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    const key = bucketOf(row._id, window.groupBy);
    byBucket.set(key, (byBucket.get(key) ?? 0) + row.count);
  }
  return window.buckets.map((b) => byBucket.get(b) ?? 0);
}
