// The analytics calls' figures (spec 003 section 3), summed from the daily counters of the range.
import type { AppContext } from '../../context';
import { ForbiddenError, ValidationError } from '../../http/errors';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { CONVERSION_SUBTYPES } from '../../../rules/widget-events';
import type { EngagementSubtype } from '../../../rules/widget-events';
import { canViewAnalytics, checkRange, defaultBreakdown, isoDay, periods, periodStart } from '../../../rules/widget-analytics';
import type { AnalyticsBreakdown, DayRange } from '../../../rules/widget-analytics';
import { findWidgetFor } from '../workspace/access';
import type { WidgetDoc } from '../workspace/model';
import { eventCounters } from './counters';
import type { EventCounterDoc } from './counters';

const MAX_HOSTS = 100;

export interface RangeQuery {
  fromDate?: string;
  toDate?: string;
  breakdown?: AnalyticsBreakdown;
}

interface DateCount {
  date: string;
  count: number;
}

interface Loaded {
  widget: WidgetDoc;
  rows: EventCounterDoc[];
  range: DayRange;
  breakdown: AnalyticsBreakdown;
}

/** The widget if the caller may read its analytics, the range and the counters inside it. */
async function load({ ctx, userId, guid, query }: { ctx: AppContext; userId: string; guid: string; query: RangeQuery }): Promise<Loaded> {
  const access = await findWidgetFor({ ctx, userId, guid });
  if (!canViewAnalytics(access)) throw new ForbiddenError(WORKSPACE_MESSAGES.notPermitted);
  const checked = checkRange({ fromDate: query.fromDate, toDate: query.toDate, today: isoDay(ctx.now()) });
  if (!checked.ok) throw new ValidationError(checked.message);
  const { range } = checked;
  const rows = await eventCounters(ctx).find({ widgetId: guid, day: { $gte: range.from, $lte: range.to } });
  return { widget: access.widget, rows, range, breakdown: query.breakdown ?? defaultBreakdown(range) };
}

const sum = (rows: EventCounterDoc[]): number => rows.reduce((total, row) => total + row.count, 0);

/** Counts of `rows` per period of the range, every period present. */
function byPeriod({ rows, range, breakdown }: { rows: EventCounterDoc[]; range: DayRange; breakdown: AnalyticsBreakdown }): DateCount[] {
  const counts = new Map(periods({ range, breakdown }).map((date) => [date, 0]));
  for (const row of rows) {
    const date = periodStart({ day: row.day, breakdown });
    counts.set(date, (counts.get(date) ?? 0) + row.count);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

/** Totals per key, most first (ties by key). */
function ranked<K extends string>(rows: EventCounterDoc[], keyOf: (row: EventCounterDoc) => K): { key: K; count: number }[] {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + row.count);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export async function clientAnalytics(input: { ctx: AppContext; userId: string; guid: string; query: RangeQuery }) {
  const { widget, rows, range, breakdown } = await load(input);
  const ofType = (type: EventCounterDoc['type']): EventCounterDoc[] => rows.filter((row) => row.type === type);
  const client = rows.filter((row) => row.type !== 'engagement');
  return {
    name: widget.name,
    eventType: { install: sum(ofType('install')), impression: sum(ofType('impression')), view: sum(ofType('view')) },
    host: ranked(client, (row) => row.host)
      .slice(0, MAX_HOSTS)
      .map(({ key, count }) => ({ host: key, count })),
    timestamp: byPeriod({ rows: ofType('impression'), range, breakdown }),
    breakdown,
  };
}

export async function engagementAnalytics(input: { ctx: AppContext; userId: string; guid: string; query: RangeQuery }) {
  const { rows, range, breakdown } = await load(input);
  const engagement = rows.filter((row) => row.type === 'engagement');
  const conversions = sum(engagement.filter((row) => CONVERSION_SUBTYPES.includes(row.subtype as EngagementSubtype)));
  const all = sum(engagement);
  return {
    summary: { all, conversions, interactions: all - conversions },
    events: ranked(engagement, (row) => row.subtype as EngagementSubtype).map(({ key, count }) => ({ subtype: key, count })),
    timestamp: byPeriod({ rows: engagement, range, breakdown }),
    breakdown,
  };
}
