// The append log between ingestion and the daily counters: accepted batches are tallied by counter
// key into log documents, and the fold worker sums the log into the counters (fold.ts).
//
// Batches that reach the log in the same turn of the event loop share one document, written once
// the turn ends: under load one write (and one document for the fold to lease, read and delete)
// serves many batches. Each caller returns only after the document holding its batch is written,
// so an acknowledged batch is in the store.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec, Store } from '../../storage/port';
import { counterId } from './counters';
import type { CounterKey } from './counters';
import { pollVoteId } from './poll-votes';
import type { PollVoteKey } from './poll-votes';

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
  /** View events per widget, for WidgetDoc.views of the month. */
  views: { widgetId: string; count: number }[];
  /** Votes per poll answer; absent from documents logged before votes were tallied. */
  votes?: LoggedVotes[];
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

/** The batches of this turn, summed, and the write every one of them waits for. */
interface Turn {
  counts: Map<string, LoggedCount>;
  views: Map<string, number>;
  votes: Map<string, LoggedVotes>;
  written: Promise<void>;
}

const turns = new WeakMap<Store, Turn>();

function openTurn(ctx: AppContext): Turn {
  const turn: Turn = { counts: new Map(), views: new Map(), votes: new Map(), written: Promise.resolve() };
  turn.written = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    turns.delete(ctx.store);
    const views = [...turn.views].map(([widgetId, count]) => ({ widgetId, count }));
    const votes = [...turn.votes.values()];
    await eventLog(ctx).insertOne({ _id: randomUUID(), counts: [...turn.counts.values()], views, votes, foldAt: ctx.now().toISOString() });
  });
  turns.set(ctx.store, turn);
  return turn;
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

export async function appendBatch({ ctx, counts, views, votes = [] }: { ctx: AppContext; counts: LoggedCount[]; views: EventLogDoc['views']; votes?: LoggedVotes[] }): Promise<void> {
  if (counts.length === 0) return;
  const turn = turns.get(ctx.store) ?? openTurn(ctx);
  addUp(turn.counts, counts, counterId);
  addUp(turn.votes, votes, pollVoteId);
  for (const { widgetId, count } of views) turn.views.set(widgetId, (turn.views.get(widgetId) ?? 0) + count);
  await turn.written;
}
