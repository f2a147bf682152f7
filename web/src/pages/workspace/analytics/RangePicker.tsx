// The date range picker: earliest 1 Aug 2019, latest today (spec 003 sections 2 and 9), and the
// breakdown of the by-date charts.
import type { AnalyticsBreakdown } from '../../../../../generated/client/types.gen';
import { ANALYTICS_BREAKDOWNS, ANALYTICS_EARLIEST } from '../../../../../rules/widget-analytics';
import type { DayRange } from '../../../../../rules/widget-analytics';

export function RangePicker({
  range,
  today,
  breakdown,
  onRange,
  onBreakdown,
}: {
  range: DayRange;
  today: string;
  breakdown: AnalyticsBreakdown | undefined;
  onRange: (range: DayRange) => void;
  onBreakdown: (breakdown: AnalyticsBreakdown) => void;
}) {
  return (
    <div className="wa-range" role="group" aria-label="Date range">
      <label>
        From
        <input type="date" min={ANALYTICS_EARLIEST} max={range.to} value={range.from} required onChange={(event) => event.target.value && onRange({ ...range, from: event.target.value })} />
      </label>
      <label>
        To
        <input type="date" min={range.from} max={today} value={range.to} required onChange={(event) => event.target.value && onRange({ ...range, to: event.target.value })} />
      </label>
      <label>
        Breakdown
        <select value={breakdown ?? ''} onChange={(event) => onBreakdown(event.target.value as AnalyticsBreakdown)}>
          {ANALYTICS_BREAKDOWNS.map((option) => (
            <option key={option} value={option}>
              {option[0].toUpperCase() + option.slice(1)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
