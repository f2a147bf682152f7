// Grey shapes of a screen's final layout while its data or code loads (issue 37): a chart, a
// table, a card, at the size they will have, so nothing jumps and no spinner or wrong number
// stands in. Screen readers hear one "Loading" per region.
import type { CSSProperties, ReactNode } from 'react';
import './Skeleton.css';

/** One grey shape; `height` and `width` as CSS lengths. */
export function Bone({ height = '1em', width = '100%', style }: { height?: string; width?: string; style?: CSSProperties }) {
  return <span className="skeleton__bone" style={{ height, width, ...style }} aria-hidden="true" />;
}

/** A region loading: its label is read once, its shapes are not. */
export function Skeleton({ label = 'Loading', className = '', children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`skeleton ${className}`.trim()} role="status" aria-label={label} aria-busy="true">
      {children}
    </div>
  );
}

/** A chart's bars at the chart's height. */
export function ChartSkeleton({ height, label }: { height: number; label: string }) {
  // Fixed heights, so the shape reads as a chart and never changes between renders.
  const bars = [38, 62, 45, 80, 55, 70, 42, 90, 60, 48, 75, 52];
  return (
    <Skeleton label={`Loading ${label}`} className="skeleton--chart">
      <div className="skeleton__bars" style={{ height }}>
        {bars.map((percent, index) => <Bone key={index} height={`${percent}%`} width="100%" />)}
      </div>
    </Skeleton>
  );
}

/** A table's header and rows. */
export function TableSkeleton({ rows = 6, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <Skeleton label={label} className="skeleton--table">
      <Bone height="38px" />
      {Array.from({ length: rows }, (_, index) => <Bone key={index} height="22px" />)}
    </Skeleton>
  );
}

/** A table's rows under its headers, while its first page loads. */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Skeleton label="Loading rows" className="skeleton--rows">
      {Array.from({ length: rows }, (_, index) => <Bone key={index} height="20px" />)}
    </Skeleton>
  );
}

/** A page's title, a card and a table: a screen inside a shell whose code or data has not come. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Skeleton label={label} className="skeleton--page">
      <Bone height="28px" width="14em" />
      <Bone height="96px" />
      <Bone height="260px" />
    </Skeleton>
  );
}
