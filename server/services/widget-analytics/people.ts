// Counting people, not requests (issue 19): what the log carries for it and the store documents
// that make a count happen once. Impressions, views and votes are sightings: one per widget,
// visitor, UTC day and kind is counted in the daily counters. A vote's answer is a ballot: one
// per visitor per poll in its results, a later one replacing it. And per client address, widget
// and day only so many new visitors (voters) count, so one machine making up visitor ids stays
// bounded. Every check is one atomic write on a key (_id), shared by all instances: no read
// then write. docs/widget-analytics.md, "People, not requests".
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';

export type SightingKind = 'impression' | 'view' | 'vote';

export interface LoggedSighting {
  widgetId: string;
  /** visitors.ts visitorKey. */
  visitor: string;
  /** addressKey (http/client-address.ts). */
  address: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  host: string;
  kind: SightingKind;
}

export interface LoggedBallot {
  widgetId: string;
  visitor: string;
  address: string;
  day: string;
  option: string;
  /** When it was cast: the last of a visitor's ballots wins. */
  at: string;
}

/** New visitors counted per client address, widget and day (sightings) and new voters per poll (ballots). */
export const PER_ADDRESS_PER_DAY: Record<SightingKind | 'ballot', number> = { impression: 100, view: 100, vote: 20, ballot: 20 };

export const sightingId = ({ widgetId, visitor, day, kind }: Pick<LoggedSighting, 'widgetId' | 'visitor' | 'day' | 'kind'>): string => `${widgetId}|${visitor}|${day}|${kind}`;
export const ballotId = ({ widgetId, visitor }: Pick<LoggedBallot, 'widgetId' | 'visitor'>): string => `${widgetId}|${visitor}`;

export const WIDGET_VISITS = 'widgetVisits';
export const WIDGET_BALLOTS = 'widgetBallots';
export const WIDGET_ADDRESS_COUNTS = 'widgetAddressCounts';

/** Which kinds a visitor was counted for on one widget and day. */
export interface VisitDoc {
  _id: string;
  widgetId: string;
  day: string;
  impression?: boolean;
  view?: boolean;
  vote?: boolean;
  [key: string]: unknown;
}

/** A visitor's counted vote on a poll, of all time. */
export interface BallotDoc {
  _id: string;
  widgetId: string;
  option: string;
  at: string;
  [key: string]: unknown;
}

/** New visitors of each kind (and new voters) one address brought to a widget in a day, counted or not; `_id` address|widget|day. */
export interface AddressCountDoc {
  _id: string;
  day: string;
  impression?: number;
  view?: number;
  vote?: number;
  ballot?: number;
  [key: string]: unknown;
}

export const visits = (ctx: AppContext): Collection<VisitDoc> => ctx.store.collection<VisitDoc>(WIDGET_VISITS);
export const ballots = (ctx: AppContext): Collection<BallotDoc> => ctx.store.collection<BallotDoc>(WIDGET_BALLOTS);
export const addressCounts = (ctx: AppContext): Collection<AddressCountDoc> => ctx.store.collection<AddressCountDoc>(WIDGET_ADDRESS_COUNTS);

export const peopleIndexes: IndexSpec[] = [
  { collection: WIDGET_VISITS, fields: { day: 1 } },
  { collection: WIDGET_ADDRESS_COUNTS, fields: { day: 1 } },
  { collection: WIDGET_BALLOTS, fields: { widgetId: 1 } },
];

/** Visits and address counts are needed while a day's events may still arrive (48 h, rules/widget-events.ts): kept 3 days. */
const KEEP_DAYS = 3;

export async function sweepPastDays({ ctx }: { ctx: AppContext }): Promise<void> {
  const first = new Date(ctx.now().getTime() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
  await visits(ctx).deleteMany({ day: { $lt: first } });
  await addressCounts(ctx).deleteMany({ day: { $lt: first } });
}
