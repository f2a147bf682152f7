import type { ReactNode } from 'react';
import { Chart } from '../../../components/Chart';
import { Figure } from '../../../components/Placeholder';
import { ChartSkeleton } from '../../../components/Skeleton';
import type { ChartOption } from '../../../components/Chart';
import { CHART_HEIGHT } from '../texts';

/**
 * `pending`: the figure's data has not come yet (a placeholder stands in for it). `loading`: the
 * chart's shape stands in for it (issue 37: a spinner over empty axes for seconds said nothing).
 */
export function ChartCard({ title, figure, option, loading = false, pending = false, children }: { title: string; figure: string; option: ChartOption; loading?: boolean; pending?: boolean; children?: ReactNode }) {
  const chart = loading ? <ChartSkeleton height={CHART_HEIGHT} label={title} /> : <Chart option={option} label={title} height={CHART_HEIGHT} />;
  return (
    <section className="dp-card" aria-label={title}>
      <div className="dp-row" style={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h3>{title}</h3>
        <span className="dp-stat" style={{ fontSize: 20 }} data-testid={`${title.toLowerCase()}-figure`}><Figure pending={pending} text={figure} /></span>
      </div>
      {children ? (
        <div className="dp-revenue">
          {chart}
          {children}
        </div>
      ) : chart}
    </section>
  );
}
