// Demo analytics (issue 10): 90 days of daily counters for the demo accounts' widgets, written
// straight into the counters so the analytics screen is full on a fresh start, this month's views
// adding up to each widget's monthly pageviews (the one count the lists, the meter and the plan
// limit read: issue 38 item 6), and a poll's running results adding up to its vote events. Deterministic: the figures come from a hash of the widget,
// day and key, so every start draws the same charts.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { widgets } from '../services/workspace/model';
import type { WidgetDoc } from '../services/workspace/model';
import { pollVoteId, pollVotes } from '../services/widget-analytics/poll-votes';
import type { PollVoteDoc } from '../services/widget-analytics/poll-votes';
import { pollAnswersOf, publishedSettingsOf } from '../services/widget-embed/settings-schemas';
import { counterId, eventCounters } from '../services/widget-analytics/counters';
import type { CounterKey, EventCounterDoc } from '../services/widget-analytics/counters';
import { ENGAGEMENT_SUBTYPES } from '../../rules/widget-events';
import { addDays, isoDay } from '../../rules/widget-analytics';
import { monthOf } from '../../rules/month-views';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER, DEMO_OWNER } from './accounts';

const DAYS = 90;
const HOSTS = ['www.demo-shop.com', 'blog.demo-shop.com', 'demo-shop.myshopify.com'];
/** Share of a widget's traffic each host gets. */
const HOST_SHARE = [0.6, 0.3, 0.1];
/** Of a widget's impressions, the share seen in the visitor's window (its views). */
const VIEWS_PER_IMPRESSION = 0.65;
const DEMO_OWNERS = [DEMO_OWNER.email, DEMO_FREE_OWNER.email, DEMO_DEVELOPER.email];

/** A number in [0, 1) fixed by the text. */
const unit = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

type DemoRow = Pick<CounterKey, 'host' | 'type' | 'subtype'> & { count: number };

/** A day's weight in a widget's traffic: lower at weekends, a little different each day. */
const dayWeight = ({ widgetId, day }: { widgetId: string; day: string }): number => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (weekday === 0 || weekday === 6 ? 0.6 : 1) * (0.8 + 0.4 * unit(`${widgetId}${day}`));
};

/** `total` split by `weights`, in whole numbers that add up to it exactly. */
function split({ total, weights }: { total: number; weights: number[] }): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  parts[0] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** One day's counters of a widget with `views` views that day, over the hosts. */
function widgetDay({ widgetId, type, day, views }: { widgetId: string; type: string; day: string; views: number }): DemoRow[] {
  // Every widget converts a little, besides its own few interactions; a poll is voted on.
  const subtypes = ENGAGEMENT_SUBTYPES.filter((subtype) => subtype === 'conversion' || (type === 'poll' && subtype === 'vote') || unit(`${widgetId}${subtype}`) < 0.3);
  const perHost = split({ total: views, weights: HOST_SHARE });
  return HOSTS.flatMap((host, index) => {
    const impressions = Math.round(perHost[index] / VIEWS_PER_IMPRESSION);
    const rows: DemoRow[] = [
      { host, type: 'impression', subtype: '', count: impressions },
      { host, type: 'view', subtype: '', count: perHost[index] },
      { host, type: 'install', subtype: '', count: unit(`${widgetId}${day}${host}install`) < 0.08 ? 1 : 0 },
      ...subtypes.map((subtype): DemoRow => ({ host, type: 'engagement', subtype, count: Math.round(impressions * (subtype === 'conversion' ? 0.05 : 0.2) * unit(`${widgetId}${day}${host}${subtype}`)) })),
    ];
    return rows.filter((row) => row.count > 0);
  });
}

/**
 * Each of the last DAYS days' views of a widget whose month so far counts `monthViews`: this
 * month's days share them exactly, earlier days run at the same daily rate.
 */
function dailyViews({ widgetId, today, monthViews }: { widgetId: string; today: string; monthViews: number }): Map<string, number> {
  const days = Array.from({ length: DAYS }, (_, index) => addDays(today, index - DAYS + 1));
  const month = today.slice(0, 7);
  const thisMonth = days.filter((day) => day.startsWith(month));
  const weights = thisMonth.map((day) => dayWeight({ widgetId, day }));
  const shares = split({ total: monthViews, weights });
  const rate = monthViews / weights.reduce((a, b) => a + b, 0);
  return new Map(days.map((day) => [day, day.startsWith(month) ? shares[thisMonth.indexOf(day)] : Math.round(rate * dayWeight({ widgetId, day }))]));
}

/** A poll's running results: its `votes` split between its answers by fixed weights. */
function demoPollVotes({ widget, votes }: { widget: WidgetDoc; votes: number }): PollVoteDoc[] {
  const answers = pollAnswersOf(publishedSettingsOf({ type: widget.type, settings: widget.settings }));
  const weights = answers.map((option) => 0.2 + unit(`${widget._id}${option}`));
  const weight = weights.reduce((sum, each) => sum + each, 0);
  let left = votes;
  return answers.map((option, index) => {
    const count = index === answers.length - 1 ? left : Math.floor((votes * weights[index]) / weight);
    left -= count;
    return { _id: pollVoteId({ widgetId: widget._id, option }), widgetId: widget._id, option, count };
  });
}

export async function seedWidgetAnalytics(ctx: AppContext): Promise<string[]> {
  const owners = (await Promise.all(DEMO_OWNERS.map((email) => findUserByEmail({ ctx, email })))).flatMap((user) => (user ? [user._id] : []));
  // A widget never viewed (the demo's unpublished one) stays empty, to show the empty screen.
  const owned = (await widgets(ctx).find({ ownerId: { $in: owners } })).filter((widget) => widget.views > 0);
  const today = isoDay(ctx.now());
  let seeded = 0;
  for (const widget of owned) {
    if (await eventCounters(ctx).findOne({ widgetId: widget._id })) continue;
    const docs: EventCounterDoc[] = [];
    for (const [day, views] of dailyViews({ widgetId: widget._id, today, monthViews: widget.views })) {
      for (const row of widgetDay({ widgetId: widget._id, type: widget.type, day, views })) {
        const key: CounterKey = { widgetId: widget._id, day, host: row.host, type: row.type, subtype: row.subtype };
        docs.push({ _id: counterId(key), ...key, count: row.count });
      }
    }
    await eventCounters(ctx).insertMany(docs);
    // The month's count is the one the lists, the meter and the plan limit read: these views.
    await widgets(ctx).updateOne({ _id: widget._id }, { $set: { viewsMonth: monthOf(ctx.now()) } });
    if (widget.type === 'poll') {
      const votes = docs.filter((doc) => doc.subtype === 'vote').reduce((sum, doc) => sum + doc.count, 0);
      await pollVotes(ctx).insertMany(demoPollVotes({ widget, votes }));
    }
    seeded += 1;
  }
  return seeded > 0 ? [`Widget analytics: ${DAYS} days of events for ${seeded} demo widgets, this month's adding up to their monthly pageviews`] : [];
}
