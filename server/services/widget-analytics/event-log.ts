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

export const WIDGET_EVENT_LOG = 'widgetEventLog';

export interface LoggedCount extends CounterKey {
  count: number;
}

export interface EventLogDoc {
  _id: string;
  counts: LoggedCount[];
  /** View events per widget, for WidgetDoc.views of the month. */
  views: { widgetId: string; count: number }[];
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
  written: Promise<void>;
}

const turns = new WeakMap<Store, Turn>();

function openTurn(ctx: AppContext): Turn {
  const turn: Turn = { counts: new Map(), views: new Map(), written: Promise.resolve() };
  turn.written = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    turns.delete(ctx.store);
    const views = [...turn.views].map(([widgetId, count]) => ({ widgetId, count }));
    await eventLog(ctx).insertOne({ _id: randomUUID(), counts: [...turn.counts.values()], views, foldAt: ctx.now().toISOString() });
  });
  turns.set(ctx.store, turn);
  return turn;
}

export async function appendBatch({ ctx, counts, views }: { ctx: AppContext; counts: LoggedCount[]; views: EventLogDoc['views'] }): Promise<void> {
  if (counts.length === 0) return;
  const turn = turns.get(ctx.store) ?? openTurn(ctx);
  for (const logged of counts) {
    const id = counterId(logged);
    const sum = turn.counts.get(id);
    if (sum) sum.count += logged.count;
    else turn.counts.set(id, { ...logged });
  }
  for (const { widgetId, count } of views) turn.views.set(widgetId, (turn.views.get(widgetId) ?? 0) + count);
  await turn.written;
}
