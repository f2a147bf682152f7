// The write path of POST /api/v1/events: meter, judge each event, then log the good ones tallied by
// counter key as one append-log document (fold.ts raises the counters, the views and the polls'
// votes per answer from it). A vote's answer is judged against the poll's answers remembered with
// the widget ids (known-widgets.ts): no read per event. Impressions, views and votes go to the log
// as sightings and ballots of the batch's visitor, counted once per person by the fold
// (people.ts); events from a page outside the widget's project's domain are refused and counted.
import type { AppContext } from '../../context';
import { checkWidgetEvent, EVENT_MESSAGES } from '../../../rules/widget-events';
import type { WidgetEvent } from '../../../rules/widget-events';
import { counterId } from './counters';
import type { CounterKey } from './counters';
import { appendBatch } from './event-log';
import { ballotId, sightingId } from './people';
import type { LoggedBallot, LoggedSighting } from './people';
import { hostAccepted } from './page-host';
import { addressKey } from '../../http/client-address';
import { visitorKey } from './visitors';
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

/** Why a checked event is refused, if it is: its widget must exist and accept the page's site, and a vote's answer be one of the poll's. */
function faultOf(event: WidgetEvent, widget: KnownWidget | undefined, siteAccepted: (widget: KnownWidget) => boolean): string | undefined {
  if (!widget) return EVENT_MESSAGES.unknownWidget;
  if (!siteAccepted(widget)) return EVENT_MESSAGES.otherSite;
  if (event.value === undefined) return undefined;
  if (!widget.answers) return EVENT_MESSAGES.notAPoll;
  return widget.answers.has(event.value) ? undefined : EVENT_MESSAGES.unknownAnswer;
}

/** Who sent the batch: the visitor and address keys (visitors.ts) and the host of the page it came from (page-host.ts). */
export interface BatchSender {
  address: string;
  visitorId?: string;
  pageHost: string | undefined;
  /** The host and port the request was sent to (page-host.ts hostAccepted). */
  serverHost: string;
}

const sightingKind = ({ type, subtype }: WidgetEvent): LoggedSighting['kind'] | undefined =>
  type === 'impression' || type === 'view' ? type : subtype === 'vote' ? 'vote' : undefined;

/** The batch's events the fold counts once per person: their sightings and, for votes with an answer, ballots. */
function peopleOf({ good, visitor, address }: { good: WidgetEvent[]; visitor: string; address: string }): { sightings: LoggedSighting[]; ballots: LoggedBallot[]; rest: WidgetEvent[] } {
  const sightings = new Map<string, LoggedSighting>();
  const ballots = new Map<string, LoggedBallot>();
  const rest: WidgetEvent[] = [];
  for (const event of good) {
    const kind = sightingKind(event);
    if (!kind) {
      rest.push(event);
      continue;
    }
    const day = event.at.toISOString().slice(0, 10);
    const sighting = { widgetId: event.widgetId, visitor, address, day, host: event.host, kind };
    if (!sightings.has(sightingId(sighting))) sightings.set(sightingId(sighting), sighting);
    if (event.value === undefined) continue;
    const ballot = { widgetId: event.widgetId, visitor, address, day, option: event.value, at: event.at.toISOString() };
    if ((ballots.get(ballotId(ballot))?.at ?? '') <= ballot.at) ballots.set(ballotId(ballot), ballot);
  }
  return { sightings: [...sightings.values()], ballots: [...ballots.values()], rest };
}

export async function ingestEvents({ ctx, raw, sender }: { ctx: AppContext; raw: unknown[]; sender: BatchSender }): Promise<IngestResult> {
  const address = addressKey(sender.address);
  await addressLimit({ ctx, address, count: raw.length });
  const now = ctx.now();
  const checks = raw.map((item) => checkWidgetEvent({ raw: item, now }));
  const named = [...new Set(checks.flatMap((check) => (check.ok ? [check.event.widgetId] : [])))];
  const known = await knownWidgets({ ctx, ids: named });
  const siteAccepted = (widget: KnownWidget): boolean => hostAccepted({ host: sender.pageHost, domains: widget.domains, serverHost: sender.serverHost });
  const rejected: IngestResult['rejected'] = [];
  const good: WidgetEvent[] = [];
  const refused = new Map<string, number>();
  checks.forEach((check, index) => {
    const reason = check.ok ? faultOf(check.event, known.get(check.event.widgetId), siteAccepted) : check.reason;
    if (reason === EVENT_MESSAGES.otherSite && check.ok) refused.set(check.event.widgetId, (refused.get(check.event.widgetId) ?? 0) + 1);
    if (reason !== undefined) rejected.push({ index, reason });
    else if (check.ok) good.push(check.event);
  });
  const perWidget = tally(good.map((event) => event.widgetId), (id) => id);
  await Promise.all([...perWidget.values()].map(({ key, count }) => widgetLimit({ ctx, widgetId: key, count })));
  const { sightings, ballots, rest } = peopleOf({ good, visitor: visitorKey({ visitorId: sender.visitorId, address }), address });
  const counters = tally(rest.map(counterKey), counterId);
  await appendBatch({
    ctx,
    counts: [...counters.values()].map(({ key, count }) => ({ ...key, count })),
    sightings,
    ballots,
    refused: [...refused].map(([widgetId, count]) => ({ widgetId, count })),
  });
  return { accepted: good.length, rejected };
}
