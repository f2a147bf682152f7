// The background queues as the store holds them, for the metrics: how many items wait in each
// and how long the oldest due one has waited. Each read is a count and one sorted findOne on the
// queue's own index (status, nextAttemptAt). Which queues there are is the service areas'
// business: the composition root hands them down (server/registry.ts, queueProbes).
import type { AppContext } from '../context';
import type { Filter } from '../storage/port';
import type { QueueState } from './metrics';

/** A background queue as the store holds it. */
export interface QueueProbe {
  collection: string;
  /** Items waiting, due or not yet. */
  waiting: (now: string) => Filter;
}

async function queueState({ ctx, source, now }: { ctx: AppContext; source: QueueProbe; now: Date }): Promise<QueueState> {
  const collection = ctx.store.collection(source.collection);
  const waiting = source.waiting(now.toISOString());
  const [depth, oldest] = await Promise.all([
    collection.count(waiting),
    collection.findOne({ $and: [waiting, { nextAttemptAt: { $lte: now.toISOString() } }] }, { sort: { nextAttemptAt: 1 } }),
  ]);
  const due = typeof oldest?.nextAttemptAt === 'string' ? Date.parse(oldest.nextAttemptAt) : Number.NaN;
  return { depth, oldestSeconds: Number.isNaN(due) ? 0 : Math.max(0, (now.getTime() - due) / 1000) };
}

/** `queues`: each queue's probe by the name the gauges label it with. */
export async function queueStates({ ctx, queues }: { ctx: AppContext; queues: Readonly<Record<string, QueueProbe>> }): Promise<Record<string, QueueState>> {
  const now = ctx.now();
  const entries = await Promise.all(Object.entries(queues).map(async ([name, source]) => [name, await queueState({ ctx, source, now })] as const));
  return Object.fromEntries(entries);
}
