// WidgetDoc.views holds the views of the current UTC month (the widgets list compares them with the
// plan's limit). viewsMonth says which month they belong to; the first view of a new month restarts them.
import type { AppContext } from '../../context';
import { monthOf } from '../../../rules/month-views';
import { widgets } from '../workspace/model';

export async function addMonthViews({ ctx, widgetId, count }: { ctx: AppContext; widgetId: string; count: number }): Promise<void> {
  const month = monthOf(ctx.now());
  const same = await widgets(ctx).updateOne({ _id: widgetId, viewsMonth: month }, { $inc: { views: count } });
  if (same.matched === 0) await widgets(ctx).updateOne({ _id: widgetId }, { $set: { views: count, viewsMonth: month } });
}
