// The account's meter (issue 38 item 6): its own widgets' views this month, from the same count
// the widgets lists show (rules/month-views.ts), against the plan's monthly views per widget.
import type { AppContext } from '../../context';
import type { ViewsUsage } from '../../../generated/client/types.gen';
import { monthOf, viewsThisMonth } from '../../../rules/month-views';
import { UNLIMITED_ABOVE, atOrAbove } from '../../../rules/plan-features';
import { widgets } from './model';
import { viewLimitOf } from './widgets/rows';

/** The busiest widgets the meter names. */
export const BUSIEST_SHOWN = 5;

export async function viewsUsageOf({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<ViewsUsage> {
  const now = ctx.now();
  const [owned, limit] = await Promise.all([
    widgets(ctx).find({ ownerId: userId }),
    viewLimitOf({ ctx, ownerId: userId }),
  ]);
  const counted = owned
    .map((doc) => ({ guid: doc._id, name: doc.name, type: doc.type, projectId: doc.projectId ?? null, views: viewsThisMonth({ views: doc.views, viewsMonth: doc.viewsMonth, now }) }))
    .filter((widget) => widget.views > 0)
    .map((widget) => ({ ...widget, overViewLimit: atOrAbove({ used: widget.views, limit }) }))
    .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  return {
    month: monthOf(now),
    total: counted.reduce((sum, widget) => sum + widget.views, 0),
    limit,
    unlimited: limit > UNLIMITED_ABOVE,
    widgetCount: counted.length,
    overLimitCount: counted.filter((widget) => widget.overViewLimit).length,
    widgets: counted.slice(0, BUSIEST_SHOWN),
  };
}
