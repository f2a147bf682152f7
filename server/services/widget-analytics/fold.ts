// Folds the event log into the daily counters and the polls' running results. A fold leases every
// log document due (foldAt moved a lease ahead, marked with its lease id), so instances folding
// side by side take disjoint documents; it sums them per key, raises each counter, widget and poll
// answer once, then deletes what it folded. An instance that dies between raising and deleting
// leaves its documents to be folded again once the lease ends (at least once: a crash at that
// moment may count a batch twice). The rate-limit windows are flushed and swept by the shared
// counts' flusher (metering/shared-counts.ts). Impressions, views and votes are counted once per
// person (count-people.ts): refolding a document after a crash counts none of them twice (its
// visitors are marked already), and a crash between marking and raising loses them instead.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { addToCounter, counterId } from './counters';
import { eventLog } from './event-log';
import { addMonthViews } from './month-views';
import { addPollVotes, pollVoteId } from './poll-votes';
import { inSlices } from './in-slices';
import { leaseDueLog } from './lease-log';
import { countPeople } from './count-people';
import { sweepPastDays } from './people';
import { widgets } from '../workspace/model';
import { startPeriodic } from '../periodic';

const LEASE_MS = 60_000;
const POLL_MS = 500;
const SWEEP_MS = 60_000;

/** Sums the logged `{...key, count}` entries of every document per key. */
function sumByKey<T extends { count: number }>(logged: T[], idOf: (key: Omit<T, 'count'>) => string): Map<string, { key: Omit<T, 'count'>; count: number }> {
  const sums = new Map<string, { key: Omit<T, 'count'>; count: number }>();
  for (const { count, ...key } of logged) {
    const entry = sums.get(idOf(key)) ?? { key, count: 0 };
    entry.count += count;
    sums.set(idOf(key), entry);
  }
  return sums;
}

/** Folds everything logged so far; returns how many log documents it folded. */
export async function foldEventLog({ ctx }: { ctx: AppContext }): Promise<number> {
  const now = ctx.now();
  const leaseId = randomUUID();
  const docs = await leaseDueLog({ ctx, now: now.toISOString(), leaseId, until: new Date(now.getTime() + LEASE_MS).toISOString() });
  if (docs.length === 0) return 0;
  const people = await countPeople({ ctx, sightings: docs.flatMap((doc) => doc.sightings ?? []), logged: docs.flatMap((doc) => doc.ballots ?? []) });
  const counts = sumByKey([...docs.flatMap((doc) => doc.counts), ...people.counts], counterId);
  const votes = sumByKey([...docs.flatMap((doc) => doc.votes ?? []), ...people.votes], pollVoteId);
  const views = sumByKey([...docs.flatMap((doc) => doc.views), ...people.views], ({ widgetId }) => widgetId);
  const refused = sumByKey(docs.flatMap((doc) => doc.refused ?? []), ({ widgetId }) => widgetId);
  await inSlices([
    ...[...counts.values()].map(({ key, count }) => () => addToCounter({ ctx, key, count })),
    ...[...views.values()].map(({ key, count }) => () => addMonthViews({ ctx, widgetId: key.widgetId, count })),
    ...[...votes.values()].filter(({ count }) => count !== 0).map(({ key, count }) => () => addPollVotes({ ctx, key, count })),
    ...[...refused.values()].map(({ key, count }) => () => widgets(ctx).updateOne({ _id: key.widgetId }, { $inc: { refusedEvents: count } })),
    () => eventLog(ctx).deleteMany({ leaseId }),
  ]);
  return docs.length;
}

export function startEventFoldWorker(ctx: AppContext): () => Promise<void> {
  let sweptAt = 0;
  return startPeriodic({
    everyMs: POLL_MS,
    failed: 'Widget event fold failed',
    run: async () => {
      await foldEventLog({ ctx });
      if (Date.now() - sweptAt >= SWEEP_MS) {
        sweptAt = Date.now();
        await sweepPastDays({ ctx });
      }
    },
  });
}
