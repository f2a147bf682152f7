// The load generator the HTTP benches share: autocannon at CONNECTIONS connections (or as many
// as a bench asks), requests measured in interleaved rounds so that every one sees the same
// background load; given the server's pid, also the CPU it spent per request answered.
import autocannon from 'autocannon';
import { median } from './bench-row';
import { cpuMsOf } from './proc';

export const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export interface Measure {
  rps: number;
  p99: number;
  /** The median of the rounds' median latencies. */
  p50: number;
  /** CPU µs the server process spent per request answered (user + sys), when its pid was given. */
  cpuUs?: number;
  /** CPU µs the target's database processes spent per request, when the target reads theirs. */
  storeCpuUs?: number;
}

/** One request to repeat: GET of a path, or any method with a body. */
export interface Target {
  port: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** The process answering, when not the measure's `pid` (a floor in a process of its own). */
  pid?: number;
  /** More instances answering the same path: the connections are split evenly across `port` and these. */
  alsoPorts?: number[];
  /** The answering processes' CPU ms so far, when not one pid's (several instances). */
  cpuMs?: () => number;
  /** The database processes' CPU ms so far (a FerretDB and its PostgreSQL), when they run apart from the server. */
  storeCpuMs?: () => number;
}

interface Round {
  rps: number;
  p99: number;
  p50: number;
  requests: number;
  /** Requests sent, answered or still running when the round ended: all of them cost the server. */
  sent: number;
  cpuMs: number;
  storeCpuMs: number;
}

/** Every port's share of the connections at once: the requests and rates add up, the worst p99 stands. */
async function loadPorts({ target, connections, seconds }: { target: Target; connections: number; seconds: number }): Promise<Omit<Round, 'cpuMs' | 'storeCpuMs'>> {
  const ports = [target.port, ...(target.alsoPorts ?? [])];
  const results = await Promise.all(
    ports.map(async (port) => {
      const url = `http://127.0.0.1:${port}${target.path}`;
      const result = await autocannon({ url, method: target.method ?? 'GET', body: target.body, headers: target.headers ?? {}, connections: Math.ceil(connections / ports.length), duration: seconds });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return result;
    }),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    sent: results.reduce((sum, r) => sum + ((r.requests as { sent?: number }).sent ?? r.requests.total), 0),
  };
}

/**
 * A server is idle when it spends under this share of a core, looked at every SETTLE_LOOK_MS; a
 * server busy on its own (the live bench's 10,000 streams) is waited for SETTLE_MAX_MS at most.
 */
const IDLE_SHARE = 0.1;
const SETTLE_LOOK_MS = 100;
const SETTLE_MAX_MS = 3_000;

/**
 * Waits until the answering process is idle: when a round ends, the requests it had in flight
 * still run, and a slow request's (50 searches of 80 ms each: 4 s of CPU) would otherwise be
 * counted in the next round's CPU and take that round's core (every server shares core 0).
 */
async function settle(cpuMs: () => number): Promise<void> {
  const deadline = performance.now() + SETTLE_MAX_MS;
  for (let last = cpuMs(); performance.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_LOOK_MS));
    const now = cpuMs();
    if (now - last < IDLE_SHARE * SETTLE_LOOK_MS) return;
    last = now;
  }
}

async function once({ target, connections, seconds, pid: measured }: { target: Target; connections: number; seconds: number; pid?: number }): Promise<Round> {
  const pid = measured && (target.pid ?? measured);
  const serverCpu = measured ? (target.cpuMs ?? (pid ? () => cpuMsOf(pid) : undefined)) : undefined;
  const storeCpu = measured ? target.storeCpuMs : undefined;
  const [cpuBefore, storeBefore] = [serverCpu?.() ?? 0, storeCpu?.() ?? 0];
  const round = await loadPorts({ target, connections, seconds });
  // The requests still running are this round's: their CPU counts in it.
  if (serverCpu) await settle(serverCpu);
  return { ...round, cpuMs: (serverCpu?.() ?? 0) - cpuBefore, storeCpuMs: (storeCpu?.() ?? 0) - storeBefore };
}

/**
 * The machine is shared, so the targets are measured in interleaved rounds (each gets
 * DURATION_S in total): every target sees the same background load, and the ratio to the
 * floor stays meaningful. req/s is the mean over rounds, p99 (p50) the median of the rounds' p99 (p50),
 * CPU per request the server's CPU over all rounds divided by the requests of all rounds (a
 * measure the machine's other load barely moves, unlike req/s).
 */
export async function measureTargets({ targets, connections = CONNECTIONS, pid, roundSeconds = 2 }: { targets: Target[]; connections?: number; pid?: number; roundSeconds?: number }): Promise<Measure[]> {
  for (const target of targets) await once({ target, connections, seconds: 2 });
  const rounds = Math.max(1, Math.round(DURATION_S / roundSeconds));
  const seen: Round[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, target] of targets.entries()) seen[i].push(await once({ target, connections, seconds: DURATION_S / rounds, pid }));
  }
  return seen.map((ms, i) => {
    // CPU per request sent: a round's last requests still run after it (settle) and cost their CPU.
    const requests = ms.reduce((sum, m) => sum + m.sent, 0);
    const perRequest = (cpuMs: number): number | undefined => (requests > 0 ? (cpuMs * 1000) / requests : undefined);
    const cpuUs = pid || targets[i].cpuMs ? perRequest(ms.reduce((sum, m) => sum + m.cpuMs, 0)) : undefined;
    const storeCpuUs = targets[i].storeCpuMs ? perRequest(ms.reduce((sum, m) => sum + m.storeCpuMs, 0)) : undefined;
    return { rps: ms.reduce((sum, m) => sum + m.rps, 0) / ms.length, p99: median(ms.map((m) => m.p99)), p50: median(ms.map((m) => m.p50)), cpuUs, storeCpuUs };
  });
}

/** GETs of paths on one port. */
export const measureAll = ({ port, paths, headers = {} }: { port: number; paths: string[]; headers?: Record<string, string> }): Promise<Measure[]> =>
  measureTargets({ targets: paths.map((path) => ({ port, path, headers })) });
