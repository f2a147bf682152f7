// The widget lists' own cells: the preview photo, and the month's views abbreviated, in red
// with "Please Upgrade" at or above the owner's plan limit (spec 003 "Widgets list").
import { Link } from 'react-router';
import type { WidgetRow } from '../../../../../generated/client/types.gen';
import { abbreviate } from '../../../../../rules/abbreviate';
import { WIDGET_TEXTS } from './texts';

export function PhotoCell({ row }: { row: WidgetRow }) {
  return row.previewImage ? (
    <img className="widget-photo" src={row.previewImage} alt="" />
  ) : (
    <span className="widget-photo widget-photo--blank" aria-hidden="true">
      {row.app.charAt(0)}
    </span>
  );
}

export function ViewsCell({ row }: { row: WidgetRow }) {
  if (!row.overViewLimit) return <span>{abbreviate(row.views)}</span>;
  return (
    <span className="widget-views--over">
      {abbreviate(row.views)}{' '}
      <Link to="/pricing" className="widget-views__upgrade">
        {WIDGET_TEXTS.pleaseUpgrade}
      </Link>
    </span>
  );
}

export const widgetCells = {
  previewImage: (row: WidgetRow) => <PhotoCell row={row} />,
  views: (row: WidgetRow) => <ViewsCell row={row} />,
};
