// Folds the event log into the daily counters. A fold leases every log document due (foldAt
// moved a lease ahead, marked with its lease id), so instances folding side by side take disjoint
// documents; it sums them per key, raises each counter and widget once, then deletes what it
// folded. An instance that dies between raising and deleting leaves its documents to be folded
// again once the lease ends (at least once: a crash at that moment may count a batch twice).
// The same worker sweeps the rate-limit windows of silent keys once a minute.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { addToCounter, counterId } from './counters';
import type { CounterKey } from './counters';
import { eventLog } from './event-log';
import { addMonthViews } from './month-views';
import { sweepEventWindows } from './event-limits';

const LEASE_MS = 60_000;
const POLL_MS = 500;
/** Old rate-limit windows are swept every this many folds (a minute). */
const SWEEP_EVERY = 120;

/** Folds everything logged so far; returns how many log documents it folded. */
export async function foldEventLog({ ctx }: { ctx: AppContext }): Promise<number> {
  const now = ctx.now();
  const leaseId = randomUUID();
  await eventLog(ctx).updateMany({ foldAt: { $lte: now.toISOString() } }, { $set: { leaseId, foldAt: new Date(now.getTime() + LEASE_MS).toISOString() } });
  const docs = await eventLog(ctx).find({ leaseId });
  if (docs.length === 0) return 0;
  const counts = new Map<string, { key: CounterKey; count: number }>();
  const views = new Map<string, number>();
  for (const doc of docs) {
    for (const { count, ...key } of doc.counts) {
      const entry = counts.get(counterId(key)) ?? { key, count: 0 };
      entry.count += count;
      counts.set(counterId(key), entry);
    }
    for (const { widgetId, count } of doc.views) views.set(widgetId, (views.get(widgetId) ?? 0) + count);
  }
  for (const { key, count } of counts.values()) await addToCounter({ ctx, key, count });
  for (const [widgetId, count] of views) await addMonthViews({ ctx, widgetId, count });
  await eventLog(ctx).deleteMany({ leaseId });
  return docs.length;
}

export function startEventFoldWorker(ctx: AppContext): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticks = 0;
  const tick = async (): Promise<void> => {
    ticks += 1;
    try {
      await foldEventLog({ ctx });
      if (ticks % SWEEP_EVERY === 0) await sweepEventWindows({ ctx });
    } catch (err) {
      console.error('Widget event fold failed', err);
    }
    if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
  };
  timer = setTimeout(() => void tick(), POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
