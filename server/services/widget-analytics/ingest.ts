// The write path of POST /api/v1/events: meter, judge each event, then log the good ones tallied by
// counter key as one append-log document (fold.ts raises the counters, the views and the polls'
// votes per answer from it). A vote's answer is judged against the poll's answers remembered with
// the widget ids (known-widgets.ts): no read per event.
import type { AppContext } from '../../context';
import { checkWidgetEvent, EVENT_MESSAGES } from '../../../rules/widget-events';
import type { WidgetEvent } from '../../../rules/widget-events';
import { counterId } from './counters';
import type { CounterKey } from './counters';
import { appendBatch } from './event-log';
import { pollVoteId } from './poll-votes';
import { addressLimit, widgetLimit } from './event-limits';
import { knownWidgets } from './known-widgets';
import type { KnownWidget } from './known-widgets';

export interface IngestResult {
  accepted: number;
  rejected: { index: number; reason: string }[];
}

const tally = <K>(keys: K[], keyOf: (key: K) => string): Map<string, { key: K; count: number }> => {
  const counts = new Map<string, { key: K; count: number }>();
  for (const key of keys) {
    const id = keyOf(key);
    const entry = counts.get(id) ?? { key, count: 0 };
    entry.count += 1;
    counts.set(id, entry);
  }
  return counts;
};

const counterKey = (event: WidgetEvent): CounterKey => ({
  widgetId: event.widgetId,
  host: event.host,
  day: event.at.toISOString().slice(0, 10),
  type: event.type,
  subtype: event.subtype,
});

/** Why a checked event is refused, if it is: its widget must exist, and a vote's answer be one of the poll's. */
function faultOf(event: WidgetEvent, widget: KnownWidget | undefined): string | undefined {
  if (!widget) return EVENT_MESSAGES.unknownWidget;
  if (event.value === undefined) return undefined;
  if (!widget.answers) return EVENT_MESSAGES.notAPoll;
  return widget.answers.has(event.value) ? undefined : EVENT_MESSAGES.unknownAnswer;
}

export async function ingestEvents({ ctx, raw, address }: { ctx: AppContext; raw: unknown[]; address: string }): Promise<IngestResult> {
  await addressLimit({ ctx, address, count: raw.length });
  const now = ctx.now();
  const checks = raw.map((item) => checkWidgetEvent({ raw: item, now }));
  const named = [...new Set(checks.flatMap((check) => (check.ok ? [check.event.widgetId] : [])))];
  const known = await knownWidgets({ ctx, ids: named });
  const rejected: IngestResult['rejected'] = [];
  const good: WidgetEvent[] = [];
  checks.forEach((check, index) => {
    const reason = check.ok ? faultOf(check.event, known.get(check.event.widgetId)) : check.reason;
    if (reason !== undefined) rejected.push({ index, reason });
    else if (check.ok) good.push(check.event);
  });
  const perWidget = tally(good.map((event) => event.widgetId), (id) => id);
  await Promise.all([...perWidget.values()].map(({ key, count }) => widgetLimit({ ctx, widgetId: key, count })));
  const counters = tally(good.map(counterKey), counterId);
  const views = tally(good.filter((event) => event.type === 'view').map((event) => event.widgetId), (id) => id);
  const votes = tally(good.flatMap(({ widgetId, value }) => (value === undefined ? [] : [{ widgetId, option: value }])), pollVoteId);
  await appendBatch({
    ctx,
    counts: [...counters.values()].map(({ key, count }) => ({ ...key, count })),
    views: [...views.values()].map(({ key, count }) => ({ widgetId: key, count })),
    votes: [...votes.values()].map(({ key, count }) => ({ ...key, count })),
  });
  return { accepted: good.length, rejected };
}
