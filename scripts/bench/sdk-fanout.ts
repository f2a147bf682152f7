// Write-to-handler latency through the SDKs (issue 39): SUBSCRIBERS clients, each its own stream,
// subscribed to one collection on one instance, while a writer creates documents at a steady rate
// (each create an event to every client): Nindo's SDK on the product's server (SQLite) and, right
// after it in the same run, PocketBase's JS SDK on PocketBase's own realtime. Per side: p50/p99
// from the create call to the handler (in this process's clock), events lost and repeated per
// client, the server's RSS added per subscriber and its CPU while the writes ran. Every client
// runs in this process, on the cores both servers use.
import { loadavg } from 'node:os';
import type { BenchRow } from './bench-row';
import { cpuMsOf, rssMbOf } from './proc';
import { percentile } from './live-clients';
import { closeAll, lostAndRepeated, until, writeSteadily } from './sdk-subscribers';
import type { OnTitle, Subscriber } from './sdk-subscribers';

/** One product under measure: its server's pid, how a subscriber is opened and how a document is created. */
export interface Side {
  pid: number;
  open: ({ count, onTitle }: { count: number; onTitle: OnTitle }) => Promise<Subscriber[]>;
  create: (title: string) => Promise<unknown>;
}

export interface FanOut {
  load: number;
  p50: number;
  p99: number;
  lost: number;
  repeated: number;
  kbPerSubscriber: number;
  serverCpu: number;
  /** Creates that failed (their events are not counted as lost). */
  failedWrites: number;
}

/** After the last write, the longest the clients get to receive its event. */
const DRAIN_MS = 15_000;
/** Before the server's memory is read and after clients close, for the servers to settle. */
const SETTLE_MS = 3000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function fanOut({ side, subscribers, perSecond, seconds }: { side: Side; subscribers: number; perSecond: number; seconds: number }): Promise<FanOut> {
  const latencies: number[] = [];
  const sent = new Map<string, number>();
  const rssBefore = rssMbOf(side.pid);
  const clients = await side.open({ count: subscribers, onTitle: (title) => latencies.push(performance.now() - (sent.get(title) ?? Number.NaN)) });
  try {
    await pause(SETTLE_MS);
    const kbPerSubscriber = ((rssMbOf(side.pid) - rssBefore) * 1024) / subscribers;
    const before = { at: performance.now(), cpu: cpuMsOf(side.pid), load: loadavg()[0] };
    const failed = new Set<string>();
    await writeSteadily({ create: (title) => side.create(title).catch(() => failed.add(title)), perSecond, seconds, sent });
    const serverCpu = (100 * (cpuMsOf(side.pid) - before.cpu)) / (performance.now() - before.at);
    const written = [...sent.keys()].filter((title) => !failed.has(title));
    await until({ subscribers: clients, count: written.length, timeoutMs: DRAIN_MS });
    const measured = latencies.filter(Number.isFinite);
    return { load: before.load, p50: percentile(measured, 0.5), p99: percentile(measured, 0.99), ...lostAndRepeated({ subscribers: clients, written }), kbPerSubscriber, serverCpu, failedWrites: failed.size };
  } finally {
    await closeAll(clients);
    await pause(SETTLE_MS);
  }
}

/** The rows of one size: the product's figures, each beside PocketBase's from the same run as its floor. */
export function fanOutRows({ subscribers, perSecond, seconds, nindo, pocketBase }: { subscribers: number; perSecond: number; seconds: number; nindo: FanOut; pocketBase: FanOut }): BenchRow[] {
  const size = subscribers.toLocaleString('en-US');
  const events = (subscribers * perSecond).toLocaleString('en-US');
  const label = `sdk ${size} subscribers`;
  const beside = "floor: PocketBase's JS SDK on its realtime, the same clients and writes right after";
  return [
    { name: `${label} load`, measures: `the machine's 1-minute load average when the product's writes began (PocketBase's: ${pocketBase.load.toFixed(1)}; 2 cores, shared)`, value: nindo.load, unit: '' },
    { name: `${label} p99`, measures: `write-to-handler p99 through the SDK, ${size} clients (one stream each), ${perSecond} creates/s (${events} events/s) for ${seconds} s; ${beside}`, value: nindo.p99, unit: 'ms', floor: pocketBase.p99 },
    { name: `${label} p50`, measures: `write-to-handler median, the same events; ${beside}`, value: nindo.p50, unit: 'ms', floor: pocketBase.p50 },
    { name: `${label} lost`, measures: `creates a client's handler never got, all clients (PocketBase's: ${pocketBase.lost})`, value: nindo.lost, unit: 'events', target: { atMost: 0 } },
    { name: `${label} repeated`, measures: `creates a client's handler got twice, all clients (PocketBase's: ${pocketBase.repeated})`, value: nindo.repeated, unit: 'events', target: { atMost: 0 } },
    { name: `${label} failed writes`, measures: `creates refused or failed (PocketBase's: ${pocketBase.failedWrites})`, value: nindo.failedWrites, unit: 'writes', target: { atMost: 0 } },
    { name: `${label} memory`, measures: `server RSS added per subscribed client; ${beside}`, value: nindo.kbPerSubscriber, unit: 'kB', floor: pocketBase.kbPerSubscriber },
    { name: `${label} server CPU`, measures: `the server's CPU while the writes ran, % of one core (the machine has 2); ${beside}`, value: nindo.serverCpu, unit: '%', floor: pocketBase.serverCpu },
  ];
}
