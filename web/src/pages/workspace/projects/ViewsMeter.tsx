// The account's views this month on My Projects (issue 38 item 6), hand-written as a dashboard
// element: the total, the plan's monthly views per widget, the busiest widgets each against it
// (red at or over it, as the widgets lists mark them), and the way to upgrade once one is near.
// The numbers are the widgets lists' own (GET /api/v1/user/viewsUsage, rules/month-views.ts).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getViewsUsageOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { abbreviate, abbreviateLimit } from '../../../../../rules/abbreviate';
import { countOf } from '../../../../../rules/plural';
import { UNCATEGORIZED } from '../../../../../rules/workspace-roles';
import { Meter } from '../../../components/Meter';
import { Figure } from '../../../components/Placeholder';
import { PRICING_PATH, projectPath } from './plan-limit';

/** Past this share of the plan's views a widget is near its limit, and the meter offers the upgrade. */
export const NEAR_LIMIT = 0.8;

export const USAGE_TEXTS = {
  title: 'Views this month',
  none: 'No widget has been viewed this month yet.',
  upgrade: 'Upgrade',
  reached: (count: number) => `${countOf({ count, one: 'widget' })} reached your plan's monthly views. Upgrade for more views a month.`,
  near: 'A widget is close to your plan\'s monthly views.',
} as const;

export function ViewsMeter() {
  const usage = useQuery(getViewsUsageOptions()).data?.data;
  const near = usage !== undefined && !usage.unlimited && usage.widgets.some((widget) => widget.views >= usage.limit * NEAR_LIMIT);
  return (
    <section className="card views-meter" aria-labelledby="views-meter-title">
      <header className="views-meter__head">
        <div>
          <h2 id="views-meter-title">{USAGE_TEXTS.title}</h2>
          <p className="views-meter__total">
            <strong><Figure pending={!usage} text={usage && abbreviate(usage.total)} /></strong>
            {usage ? <span> across {countOf({ count: usage.widgetCount, one: 'widget' })} · your plan: {abbreviateLimit(usage.limit)} views a month per widget</span> : null}
          </p>
        </div>
        {near ? <Link className="btn btn-primary" to={PRICING_PATH}>{USAGE_TEXTS.upgrade}</Link> : null}
      </header>
      {usage && usage.overLimitCount > 0 ? <p className="views-meter__notice" role="status">{USAGE_TEXTS.reached(usage.overLimitCount)}</p> : near ? <p className="views-meter__notice" role="status">{USAGE_TEXTS.near}</p> : null}
      {usage && usage.widgets.length === 0 ? <p className="views-meter__empty">{USAGE_TEXTS.none}</p> : null}
      <ul className="views-meter__widgets" aria-label="Busiest widgets">
        {(usage?.widgets ?? []).map((widget) => (
          <li key={widget.guid}>
            <Link to={projectPath(widget.projectId ?? UNCATEGORIZED)} className="views-meter__widget">
              <Meter label={widget.name} value={widget.views} max={usage?.limit ?? 0} over={widget.overViewLimit} format={abbreviateLimit} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
