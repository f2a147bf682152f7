// Demo analytics (issue 10): 90 days of daily counters for the demo owner's widgets, written
// straight into the counters so the analytics screen is full on a fresh start, and a poll's running
// results adding up to its vote events. Deterministic: the figures come from a hash of the widget,
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
import { DEMO_OWNER } from './accounts';

const DAYS = 90;
const HOSTS = ['www.demo-shop.com', 'blog.demo-shop.com', 'demo-shop.myshopify.com'];
/** Share of a widget's traffic each host gets. */
const HOST_SHARE = [0.6, 0.3, 0.1];

/** A number in [0, 1) fixed by the text. */
const unit = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

type DemoRow = Pick<CounterKey, 'host' | 'type' | 'subtype'> & { count: number };

function widgetDay({ widgetId, type, day }: { widgetId: string; type: string; day: string }): DemoRow[] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
  const base = (40 + 80 * unit(widgetId)) * weekend * (0.8 + 0.4 * unit(`${widgetId}${day}`));
  // Every widget converts a little, besides its own few interactions; a poll is voted on.
  const subtypes = ENGAGEMENT_SUBTYPES.filter((subtype) => subtype === 'conversion' || (type === 'poll' && subtype === 'vote') || unit(`${widgetId}${subtype}`) < 0.3);
  return HOSTS.flatMap((host, index) => {
    const share = base * HOST_SHARE[index];
    const impressions = Math.round(share);
    const rows: DemoRow[] = [
      { host, type: 'impression', subtype: '', count: impressions },
      { host, type: 'view', subtype: '', count: Math.round(impressions * 0.65) },
      { host, type: 'install', subtype: '', count: unit(`${widgetId}${day}${host}install`) < 0.08 ? 1 : 0 },
      ...subtypes.map((subtype): DemoRow => ({ host, type: 'engagement', subtype, count: Math.round(share * (subtype === 'conversion' ? 0.05 : 0.2) * unit(`${widgetId}${day}${host}${subtype}`)) })),
    ];
    return rows.filter((row) => row.count > 0);
  });
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
  const owner = await findUserByEmail({ ctx, email: DEMO_OWNER.email });
  if (!owner) return [];
  // A widget never viewed (the demo's unpublished one) stays empty, to show the empty screen.
  const owned = (await widgets(ctx).find({ ownerId: owner._id })).filter((widget) => widget.views > 0);
  const today = isoDay(ctx.now());
  let seeded = 0;
  for (const widget of owned) {
    if (await eventCounters(ctx).findOne({ widgetId: widget._id })) continue;
    const docs: EventCounterDoc[] = [];
    for (let back = DAYS - 1; back >= 0; back -= 1) {
      const day = addDays(today, -back);
      for (const row of widgetDay({ widgetId: widget._id, type: widget.type, day })) {
        const key: CounterKey = { widgetId: widget._id, day, host: row.host, type: row.type, subtype: row.subtype };
        docs.push({ _id: counterId(key), ...key, count: row.count });
      }
    }
    await eventCounters(ctx).insertMany(docs);
    if (widget.type === 'poll') {
      const votes = docs.filter((doc) => doc.subtype === 'vote').reduce((sum, doc) => sum + doc.count, 0);
      await pollVotes(ctx).insertMany(demoPollVotes({ widget, votes }));
    }
    seeded += 1;
  }
  return seeded > 0 ? [`Widget analytics: ${DAYS} days of events for ${seeded} of ${DEMO_OWNER.email}'s widgets`] : [];
}
