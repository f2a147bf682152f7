// Webhooks bench: (a) signed deliveries per second from the durable queue (SQLite file) to
// a local HTTPS receiver in another process, with a backlog of BENCH_WEBHOOK_COUNT
// deliveries (p99 is one HTTP round trip under that load); (b) p99 from emitEvent to the recorded 2xx when not backlogged (events
// emitted one by one, 20 ms apart). Target for (a): 1,000 deliveries/s. The floor row is
// bare POSTs to the same receiver in the same run: the machine is shared, so it shows what
// the moment allowed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { collections } from '../../server/services/webhooks/model';
import { sealNewSecret } from '../../server/services/webhooks/secrets';
import { MAX_IN_FLIGHT, startWebhookWorker } from '../../server/services/webhooks/worker';
import { postSigned } from '../../server/services/webhooks/http-post';
import type { BenchRow } from './bench-row';
import { startBenchProcess } from './child-process';

const PORT = Number(process.env.BENCH_WEBHOOK_PORT ?? 3161);
const COUNT = Number(process.env.BENCH_WEBHOOK_COUNT ?? 5000);
const LATENCY_EVENTS = 200;
const TARGET_PER_SECOND = 1000;
const WEBHOOKS_PER_APP = 10;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function addWebhooks({ ctx, appId, count }: { ctx: AppContext; appId: string; count: number }): Promise<void> {
  const now = ctx.now().toISOString();
  await collections(ctx.store).webhooks.insertMany(
    Array.from({ length: count }, (_, i) => ({
      _id: randomUUID(),
      appId,
      url: `https://127.0.0.1:${PORT}/hook/${i}`,
      status: 'active' as const,
      secret: sealNewSecret(ctx),
      created: now,
      updated: now,
    })),
  );
}

/** Waits until the app's queue is empty, then checks that every delivery succeeded. */
async function waitForDelivered({ ctx, appId, count }: { ctx: AppContext; appId: string; count: number }): Promise<void> {
  const { deliveries, requests } = collections(ctx.store);
  while ((await deliveries.count({ status: 'pending' })) > 0) await sleep(20);
  const succeeded = await requests.count({ appId, status: 'succeeded' });
  if (succeeded !== count) throw new Error(`${succeeded} of ${count} deliveries succeeded`);
}

const p99Of = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? 0;

/** Deliveries per second, and p99 of one HTTP round trip under that load. */
async function throughput(ctx: AppContext): Promise<{ perSecond: number; p99: number }> {
  const appId = 'bench-throughput';
  await addWebhooks({ ctx, appId, count: WEBHOOKS_PER_APP });
  for (let i = 0; i < COUNT / WEBHOOKS_PER_APP; i++) {
    await emitEvent({ ctx, appId, type: 'charge.succeeded', cause: randomUUID(), payload: { i, amount: 9.99, currency: 'USD' } });
  }
  const started = performance.now();
  const stop = startWebhookWorker(ctx);
  await waitForDelivered({ ctx, appId, count: COUNT });
  const seconds = (performance.now() - started) / 1000;
  await stop();
  const attempts = await collections(ctx.store).requests.find({ appId });
  return { perSecond: COUNT / seconds, p99: p99Of(attempts.map((r) => r.durationMs)) };
}

/** The ceiling of the moment: bare POSTs to the same receiver, same pool size, no queue or store. */
async function floor(): Promise<number> {
  let left = COUNT;
  const started = performance.now();
  const post = async (): Promise<void> => {
    while (left-- > 0) {
      await postSigned({ url: `https://127.0.0.1:${PORT}/floor`, headers: { 'content-type': 'application/json' }, body: '{}', allowPrivate: true });
    }
  };
  await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, post));
  return COUNT / ((performance.now() - started) / 1000);
}

async function latency(ctx: AppContext): Promise<{ p99: number }> {
  const appId = 'bench-latency';
  await addWebhooks({ ctx, appId, count: 1 });
  const stop = startWebhookWorker(ctx);
  for (let i = 0; i < LATENCY_EVENTS; i++) {
    await emitEvent({ ctx, appId, type: 'app.installed', cause: randomUUID(), payload: { i } });
    await sleep(20);
  }
  await waitForDelivered({ ctx, appId, count: LATENCY_EVENTS });
  await stop();
  const { events, requests } = collections(ctx.store);
  const emitted = new Map((await events.find({ appId })).map((e) => [e._id, Date.parse(e.created)]));
  const delays = (await requests.find({ appId })).map((r) => Date.parse(r.created) - (emitted.get(r.eventId) ?? 0));
  return { p99: p99Of(delays) };
}

export async function runWebhooksBench(): Promise<BenchRow[]> {
  const receiver = await startBenchProcess('webhooks-receiver.ts', PORT);
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-webhooks-'));
  const store = await openSqliteStore({ path: join(dir, 'bench.sqlite') });
  await ensureIndexes(store, productIndexes());
  const config = { ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'bench' }), webhooksAllowPrivate: true };
  const ctx: AppContext = { config, store, now: () => new Date() };
  try {
    const ceiling = await floor();
    const busy = await throughput(ctx);
    const quiet = await latency(ctx);
    return [
      { name: 'webhooks floor', measures: `bare https POSTs/s to the same receiver, ${MAX_IN_FLIGHT} in flight, no queue or store`, value: ceiling, unit: 'POST/s' },
      {
        name: 'webhooks (a)',
        measures: `signed deliveries/s from the durable queue, ${COUNT} queued`,
        value: busy.perSecond,
        unit: 'deliveries/s',
        floor: ceiling,
        target: { atLeast: TARGET_PER_SECOND },
      },
      { name: 'webhooks (a) p99', measures: 'p99 of one delivery round trip under that backlog', value: busy.p99, unit: 'ms' },
      { name: 'webhooks (b) p99', measures: `p99 from emitEvent to the recorded 2xx, ${LATENCY_EVENTS} events 20 ms apart (not backlogged)`, value: quiet.p99, unit: 'ms' },
    ];
  } finally {
    receiver.kill('SIGTERM');
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
