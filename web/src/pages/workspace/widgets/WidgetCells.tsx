// The widget lists' own cell: the month's views abbreviated, in red with "Please Upgrade" at or
// above the owner's plan limit (spec 003 "Widgets list"). The photo is the engine's widget-picture
// format (the widget drawn from its settings, WidgetRow.previewImage's hint).
import { Link } from 'react-router';
import type { WidgetRow } from '../../../../../generated/client/types.gen';
import { abbreviate } from '../../../../../rules/abbreviate';
import { WIDGET_TEXTS } from './texts';

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
  views: (row: WidgetRow) => <ViewsCell row={row} />,
};
