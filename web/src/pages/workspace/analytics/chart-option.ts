// The analytics screen's by-date charts: one line over the periods of the range.
import type { ChartOption } from '../../../components/Chart';
import type { AnalyticsDateCount, AnalyticsBreakdown } from '../../../../../generated/client/types.gen';
import { abbreviate } from '../../../../../rules/abbreviate';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-02" -> "Nov 2" (days and weeks) or "Nov 26" (months). */
export function periodLabel(date: string, breakdown: AnalyticsBreakdown): string {
  const [year, month, day] = date.split('-');
  const name = MONTHS[Number(month) - 1];
  return breakdown === 'month' ? `${name} ${year.slice(2)}` : `${name} ${Number(day)}`;
}

export function byDateOption({ series, breakdown, name }: { series: AnalyticsDateCount[]; breakdown: AnalyticsBreakdown; name: string }): ChartOption {
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value) => abbreviate(Number(value)) },
    xAxis: { type: 'category', data: series.map((entry) => periodLabel(entry.date, breakdown)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => abbreviate(value) } },
    series: [{ type: 'line', name, data: series.map((entry) => entry.count), smooth: true, symbolSize: 6, areaStyle: { opacity: 0.12 } }],
  };
}
