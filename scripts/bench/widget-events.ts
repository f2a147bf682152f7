// Widget events bench (issue 10): events ingested per second by POST /api/v1/events at 50
// connections sending batches of 20, beside a floor measured in the same run: the same batches
// with every event refused by its check (the request, metering and judging without the counters).
// Then a counted run of a fixed number of batches of events counted one for one (COUNTED_BATCH):
// once folded, the counters must have grown by the events acknowledged (no event lost).
import autocannon from 'autocannon';
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureTargets } from './load';
import { sessionCookie } from './app-users-data';
import { BATCH_SIZE, COUNTED_BATCH, EVENT_WIDGETS, GOOD_BATCH, REFUSED_BATCH } from './widget-events-data';
import { addDays, isoDay, toAnalyticsDate } from '../../rules/widget-analytics';

const PORT = Number(process.env.BENCH_EVENTS_PORT ?? 3198);
const COUNTED_BATCHES = 2_000;
/** Issue 21: the accepted batch's p99 may be at most this many times the refused batch's, measured in the same run. */
const P99_OVER_FLOOR = 1.5;
const headers = { 'content-type': 'application/json' };

/** Every event counted for the bench's widgets today (and tomorrow, should the run cross midnight UTC). */
async function countedEvents(): Promise<number> {
  const today = isoDay(new Date());
  const query = `fromDate=${toAnalyticsDate(today)}&toDate=${toAnalyticsDate(addDays(today, 1))}`;
  let total = 0;
  for (const id of EVENT_WIDGETS) {
    const get = async (kind: string) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/plugin/${id}/analytics/${kind}?${query}`, { headers: { cookie: sessionCookie() } });
      if (!res.ok) throw new Error(`analytics ${kind} of ${id}: ${res.status}`);
      return ((await res.json()) as { data: { eventType?: Record<string, number>; summary?: { all: number } } }).data;
    };
    const client = await get('client');
    total += Object.values(client.eventType ?? {}).reduce((sum, n) => sum + n, 0) + ((await get('engagement')).summary?.all ?? 0);
  }
  return total;
}

const FOLD_WAIT_MS = 20_000;
const FOLD_EVERY_MS = 500;

/** The count once the fold has caught up with the measured rounds (two readings a fold apart agree), so their batches are not counted as the counted run's. */
async function settledCount(): Promise<number> {
  const deadline = Date.now() + FOLD_WAIT_MS;
  let last = await countedEvents();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2 * FOLD_EVERY_MS));
    const now = await countedEvents();
    if (now === last || Date.now() > deadline) return now;
    last = now;
  }
}

/** Sends COUNTED_BATCHES batches, then waits for the fold worker to count them (or FOLD_WAIT_MS). */
async function countedRun(): Promise<{ acknowledged: number; counted: number; unanswered: number }> {
  const before = await settledCount();
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}/api/v1/events`, method: 'POST', body: COUNTED_BATCH, headers, connections: CONNECTIONS, amount: COUNTED_BATCHES });
  const acknowledged = result['2xx'] * BATCH_SIZE;
  const deadline = Date.now() + FOLD_WAIT_MS;
  let counted = (await countedEvents()) - before;
  while (counted < acknowledged && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, FOLD_EVERY_MS));
    counted = (await countedEvents()) - before;
  }
  return { acknowledged, counted, unanswered: COUNTED_BATCHES - result['2xx'] };
}

export async function runWidgetEventsBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('widget-events-server.ts', PORT);
  try {
    const target = (body: string) => ({ port: PORT, path: '/api/v1/events', method: 'POST' as const, body, headers });
    const [floor, ingest] = await measureTargets({ targets: [target(REFUSED_BATCH), target(GOOD_BATCH)], pid: server.pid });
    const { acknowledged, counted, unanswered } = await countedRun();
    const load = `${CONNECTIONS} connections, batches of ${BATCH_SIZE}`;
    return [
      { name: 'events floor', measures: `events/s judged and all refused (nothing counted), ${load}`, value: floor.rps * BATCH_SIZE, unit: 'events/s' },
      {
        name: 'events ingest',
        measures: `events/s accepted and counted (4 widgets, 2 hosts, 4 types), ${load}; target 10,000`,
        value: ingest.rps * BATCH_SIZE,
        unit: 'events/s',
        floor: floor.rps * BATCH_SIZE,
        target: { atLeast: 10_000 },
      },
      {
        name: 'events batch CPU',
        measures: 'CPU µs the server spent per accepted batch (the fold worker included); floor: per refused batch',
        value: ingest.cpuUs ?? 0,
        unit: 'µs/batch',
        floor: floor.cpuUs,
      },
      {
        name: 'events batch p99',
        measures: `p99 latency of a batch of accepted events (median of the rounds' p99); floor: of a refused batch, in the same rounds; target ${P99_OVER_FLOOR}x the floor`,
        value: ingest.p99,
        unit: 'ms',
        floor: floor.p99,
        target: { atMost: P99_OVER_FLOOR * floor.p99 },
      },
      {
        name: 'events lost',
        measures: `acknowledged minus counted over ${COUNTED_BATCHES.toLocaleString('en-US')} batches of events counted one for one (${acknowledged.toLocaleString('en-US')} acknowledged, ${unanswered} batches unanswered by the client's timeout)`,
        value: acknowledged - counted,
        unit: 'events',
        target: { atMost: 0 },
      },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}
