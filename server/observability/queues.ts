// The background queues as the store holds them, for the metrics: how many items wait in each
// and how long the oldest due one has waited. Each read is a count and one sorted findOne on the
// queue's own index (status, nextAttemptAt).
import type { AppContext } from '../context';
import type { Filter } from '../storage/port';
import { WEBHOOK_DELIVERIES } from '../services/webhooks/model';
import { APP_USER_JOBS } from '../services/app-users/jobs/model';
import { OUTBOX } from '../services/mail/outbox';
import { DB_IMPORTS } from '../services/database/transfer/import-jobs';
import { dueFilter } from '../services/billing/renewals/claim';
import type { QueueState } from './metrics';

interface QueueSource {
  collection: string;
  /** Items waiting, due or not yet. */
  waiting: (now: string) => Filter;
}

const QUEUES: Record<string, QueueSource> = {
  webhooks: { collection: WEBHOOK_DELIVERIES, waiting: () => ({ status: 'pending' }) },
  'app-user-jobs': { collection: APP_USER_JOBS, waiting: () => ({ status: 'pending' }) },
  mail: { collection: OUTBOX, waiting: () => ({ status: 'pending' }) },
  imports: { collection: DB_IMPORTS, waiting: () => ({ status: { $in: ['queued', 'running'] } }) },
  renewals: { collection: 'billing_subscriptions', waiting: (now) => dueFilter(now) },
};

async function queueState({ ctx, source, now }: { ctx: AppContext; source: QueueSource; now: Date }): Promise<QueueState> {
  const collection = ctx.store.collection(source.collection);
  const waiting = source.waiting(now.toISOString());
  const [depth, oldest] = await Promise.all([
    collection.count(waiting),
    collection.findOne({ $and: [waiting, { nextAttemptAt: { $lte: now.toISOString() } }] }, { sort: { nextAttemptAt: 1 } }),
  ]);
  const due = typeof oldest?.nextAttemptAt === 'string' ? Date.parse(oldest.nextAttemptAt) : Number.NaN;
  return { depth, oldestSeconds: Number.isNaN(due) ? 0 : Math.max(0, (now.getTime() - due) / 1000) };
}

export async function queueStates(ctx: AppContext): Promise<Record<string, QueueState>> {
  const now = ctx.now();
  const entries = await Promise.all(Object.entries(QUEUES).map(async ([name, source]) => [name, await queueState({ ctx, source, now })] as const));
  return Object.fromEntries(entries);
}
