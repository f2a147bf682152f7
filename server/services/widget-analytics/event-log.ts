// The append log between ingestion and the daily counters: each accepted batch is one document
// holding its tallied counter keys and views, written in one insert so a batch costs the store a
// single write. The fold worker sums the log into the counters (fold.ts).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
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

export async function appendBatch({ ctx, counts, views }: { ctx: AppContext; counts: LoggedCount[]; views: EventLogDoc['views'] }): Promise<void> {
  if (counts.length === 0) return;
  await eventLog(ctx).insertOne({ _id: randomUUID(), counts, views, foldAt: ctx.now().toISOString() });
}
