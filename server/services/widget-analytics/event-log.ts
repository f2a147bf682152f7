// The append log between ingestion and the daily counters: accepted batches are tallied by counter
// key into log documents, and the fold worker sums the log into the counters (fold.ts).
//
// Batches that reach the log in the same turn of the event loop share one document, written once
// the turn ends or once MAX_BATCHES_PER_DOCUMENT batches have joined it, whichever comes first:
// under load one write (and one document for the fold to lease, read and delete) serves several
// batches. Each caller returns only after the document holding its batch is written, so an
// acknowledged batch is in the store.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec, Store } from '../../storage/port';
import { counterId } from './counters';
import type { CounterKey } from './counters';
import type { PollVoteKey } from './poll-votes';
import { ballotId, sightingId } from './people';
import type { LoggedBallot, LoggedSighting } from './people';

export const WIDGET_EVENT_LOG = 'widgetEventLog';

export interface LoggedCount extends CounterKey {
  count: number;
}

export interface LoggedVotes extends PollVoteKey {
  count: number;
}

export interface EventLogDoc {
  _id: string;
  counts: LoggedCount[];
  /** View events per widget, for WidgetDoc.views of the month, in documents logged before views were counted per visitor. */
  views: { widgetId: string; count: number }[];
  /** Votes per poll answer, in documents logged before votes were counted per visitor (people.ts). */
  votes?: LoggedVotes[];
  /** Impressions, views and votes, one per widget, visitor, day and kind, counted by the fold once per person. */
  sightings?: LoggedSighting[];
  /** Each visitor's last vote per poll. */
  ballots?: LoggedBallot[];
  /** Events refused because their page was outside the project's domain, per widget. */
  refused?: { widgetId: string; count: number }[];
  /** When a fold may take it: written as now, moved forward by a fold's lease. */
  foldAt: string;
  leaseId?: string;
  [key: string]: unknown;
}

export const eventLog = (ctx: AppContext): Collection<EventLogDoc> => ctx.store.collection<EventLogDoc>(WIDGET_EVENT_LOG);

export const eventLogIndexes: IndexSpec[] = [
  { collection: WIDGET_EVENT_LOG, fields: { foldAt: 1 } },
  { collection: WIDGET_EVENT_LOG, fields: { leaseId: 1 } },
];

/**
 * Past this many batches a document is written at once and the next batches start another. Waiting
 * for the end of the turn made every batch of a busy turn wait for all the others and answered
 * them in one burst: at 50 connections the accepted batches' median latency was 2-4 times the
 * refused ones' and their p99 up to several times (docs/widget-analytics.md, "Bench"), while
 * groups of 8 still divide the inserts by 8.
 */
export const MAX_BATCHES_PER_DOCUMENT = 8;

/** The batches of one document, summed, and the write every one of them waits for. */
interface Group {
  batches: number;
  counts: Map<string, LoggedCount>;
  sightings: Map<string, LoggedSighting>;
  ballots: Map<string, LoggedBallot>;
  refused: Map<string, number>;
  /** Starts the write before the turn ends (the group is full). */
  close: () => void;
  written: Promise<void>;
}

const openGroups = new WeakMap<Store, Group>();

function openGroup(ctx: AppContext): Group {
  let close = (): void => undefined;
  const full = new Promise<void>((resolve) => {
    close = resolve;
  });
  const group: Group = { batches: 0, counts: new Map(), sightings: new Map(), ballots: new Map(), refused: new Map(), close, written: Promise.resolve() };
  const turnEnd = new Promise<void>((resolve) => setImmediate(resolve));
  group.written = Promise.race([full, turnEnd]).then(async () => {
    if (openGroups.get(ctx.store) === group) openGroups.delete(ctx.store);
    await eventLog(ctx).insertOne({
      _id: randomUUID(),
      counts: [...group.counts.values()],
      views: [],
      sightings: [...group.sightings.values()],
      ballots: [...group.ballots.values()],
      refused: [...group.refused].map(([widgetId, count]) => ({ widgetId, count })),
      foldAt: ctx.now().toISOString(),
    });
  });
  openGroups.set(ctx.store, group);
  return group;
}

/** Adds `logged` into `sums` by id. */
function addUp<T extends { count: number }>(sums: Map<string, T>, logged: T[], idOf: (entry: T) => string): void {
  for (const entry of logged) {
    const id = idOf(entry);
    const sum = sums.get(id);
    if (sum) sum.count += entry.count;
    else sums.set(id, { ...entry });
  }
}

export interface LoggedBatch {
  counts: LoggedCount[];
  sightings?: LoggedSighting[];
  ballots?: LoggedBallot[];
  refused?: { widgetId: string; count: number }[];
}

export async function appendBatch({ ctx, counts, sightings = [], ballots = [], refused = [] }: LoggedBatch & { ctx: AppContext }): Promise<void> {
  if (counts.length + sightings.length + ballots.length + refused.length === 0) return;
  const group = openGroups.get(ctx.store) ?? openGroup(ctx);
  addUp(group.counts, counts, counterId);
  // A person is counted once whatever the batches repeat: the first sighting of a kind, the last vote.
  for (const sighting of sightings) if (!group.sightings.has(sightingId(sighting))) group.sightings.set(sightingId(sighting), sighting);
  for (const ballot of ballots) {
    const earlier = group.ballots.get(ballotId(ballot));
    if (!earlier || earlier.at <= ballot.at) group.ballots.set(ballotId(ballot), ballot);
  }
  for (const { widgetId, count } of refused) group.refused.set(widgetId, (group.refused.get(widgetId) ?? 0) + count);
  group.batches += 1;
  if (group.batches >= MAX_BATCHES_PER_DOCUMENT) {
    openGroups.delete(ctx.store);
    group.close();
  }
  await group.written;
}
