// ECharts options of the dashboard charts: one series over the range's buckets.
import type { ChartOption } from '../../../components/Chart';
import type { GroupBy } from '../lib/ranges';
import { abbreviate } from '../../../../../rules/abbreviate';
import { money } from '../../../../../rules/format-money';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11" -> "Nov 26"; "2026-11-21" -> "Nov 21". */
export function bucketLabel(bucket: string, groupBy: GroupBy): string {
  const [year, month, day] = bucket.split('-');
  const name = MONTHS[Number(month) - 1];
  return groupBy === 'day' ? `${name} ${Number(day)}` : `${name} ${year.slice(2)}`;
}

export function seriesOption({ buckets, values, groupBy, name, kind, currency }: {
  buckets: string[];
  values: number[];
  groupBy: GroupBy;
  name: string;
  kind: 'line' | 'bar';
  currency?: string;
}): ChartOption {
  const format = (v: number): string => (currency ? money(v, currency) : abbreviate(v));
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v) => format(Number(v)) },
    xAxis: { type: 'category', data: buckets.map((b) => bucketLabel(b, groupBy)), boundaryGap: kind === 'bar' },
    yAxis: { type: 'value', minInterval: currency ? 0 : 1, axisLabel: { formatter: (v: number) => (currency ? `$${abbreviate(v)}` : abbreviate(v)) } },
    series: [
      kind === 'line'
        ? { type: 'line', name, data: values, smooth: true, symbolSize: 6, areaStyle: { opacity: 0.12 } }
        : { type: 'bar', name, data: values, barMaxWidth: 28, itemStyle: { borderRadius: [4, 4, 0, 0] } },
    ],
  };
}
