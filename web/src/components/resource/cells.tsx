// A resource column as an AG Grid column: header from the schema title, the value formatted
// by its CellFormat (forms/resource/cell-format.ts), enums as badges.
import { lazy, Suspense } from 'react';
import type { ColDef } from 'ag-grid-community';
import { formatCell } from '../../../../forms/resource/cell-format';
import type { CellFormat } from '../../../../forms/resource/cell-format';
import type { ResourceColumn } from '../../../../forms/resource/columns';
import { Badge } from '../Badge';
import type { BadgeTone } from '../Badge';
import './picture-cell.css';

const TONES: Readonly<Record<string, BadgeTone>> = {
  active: 'success', succeeded: 'success', installed: 'success', published: 'success', trialing: 'primary',
  pending: 'warning', past_due: 'warning', partially_refunded: 'warning',
  canceled: 'danger', cancelled: 'danger', failed: 'danger', refunded: 'neutral', uninstalled: 'neutral',
};

export const toneOf = (value: string): BadgeTone => TONES[value] ?? 'neutral';

/** The table's picture (84 px, picture-cell.css) with the cell's padding either side. */
const PICTURE_COLUMN_WIDTH = 112;
const PICTURE_CLASS = 'resource-widget-picture';

const PictureCell = lazy(() => import('./WidgetPictureCell'));

/** The record's widget, drawn from its type and settings once its box is in view (a widget row). */
function WidgetPictureOf({ row }: { row?: Readonly<Record<string, unknown>> }) {
  const type = row?.type;
  if (typeof type !== 'string' || !type) return null;
  return (
    <Suspense fallback={<div className={`widget-picture widget-picture--waiting ${PICTURE_CLASS}`} aria-hidden="true" />}>
      <PictureCell type={type} settings={row?.settings} className={PICTURE_CLASS} />
    </Suspense>
  );
}

/** The value as shown in a cell or a detail row. */
export function CellValue({ format, value, row }: { format: CellFormat; value: unknown; row?: Readonly<Record<string, unknown>> }) {
  if (format.kind === 'widget-picture') return <WidgetPictureOf row={row} />;
  if (format.kind === 'thumbnail') return typeof value === 'string' && value ? <img className="resource-thumb" src={value} alt="" loading="lazy" /> : null;
  const text = formatCell({ format, value, row });
  if (format.kind === 'badge' && text) return <Badge tone={toneOf(String(value))}>{text.replace(/_/g, ' ')}</Badge>;
  return <>{text}</>;
}

export function toColDef<Row>({ column, sortable }: { column: ResourceColumn; sortable: boolean }): ColDef<Row> {
  return {
    colId: column.field,
    field: column.field as ColDef<Row>['field'],
    headerName: column.header,
    sortable,
    cellRenderer: ({ value, data }: { value: unknown; data?: Row }) => <CellValue format={column.format} value={value} row={data as Readonly<Record<string, unknown>> | undefined} />,
    // A widget's picture sets its row's height and its column's width.
    ...(column.format.kind === 'widget-picture' ? { autoHeight: true, minWidth: PICTURE_COLUMN_WIDTH, maxWidth: PICTURE_COLUMN_WIDTH } : {}),
    ...(column.format.kind === 'money' || column.format.kind === 'number' || column.format.kind === 'count' ? { type: 'rightAligned' } : {}),
    // Room for the column's longest badge ('partially refunded': 170 px), about 7 px a letter.
    ...(column.format.kind === 'badge' ? { minWidth: Math.max(120, ...column.format.options.map((option) => option.length * 7 + 44)) } : {}),
  };
}
