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
  /** CPU µs the server process spent per request answered (user + sys), when its pid was given. */
  cpuUs?: number;
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
}

interface Round {
  rps: number;
  p99: number;
  requests: number;
  cpuMs: number;
}

async function once({ target, connections, seconds, pid: measured }: { target: Target; connections: number; seconds: number; pid?: number }): Promise<Round> {
  const pid = measured && (target.pid ?? measured);
  const url = `http://127.0.0.1:${target.port}${target.path}`;
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const result = await autocannon({ url, method: target.method ?? 'GET', body: target.body, headers: target.headers ?? {}, connections, duration: seconds });
  const cpuMs = pid ? cpuMsOf(pid) - cpuBefore : 0;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total, cpuMs };
}

/**
 * The machine is shared, so the targets are measured in interleaved rounds (each gets
 * DURATION_S in total): every target sees the same background load, and the ratio to the
 * floor stays meaningful. req/s is the mean over rounds, p99 the median of the rounds' p99,
 * CPU per request the server's CPU over all rounds divided by the requests of all rounds (a
 * measure the machine's other load barely moves, unlike req/s).
 */
export async function measureTargets({ targets, connections = CONNECTIONS, pid }: { targets: Target[]; connections?: number; pid?: number }): Promise<Measure[]> {
  for (const target of targets) await once({ target, connections, seconds: 2 });
  const rounds = Math.max(1, Math.round(DURATION_S / 2));
  const seen: Round[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, target] of targets.entries()) seen[i].push(await once({ target, connections, seconds: DURATION_S / rounds, pid }));
  }
  return seen.map((ms) => {
    const requests = ms.reduce((sum, m) => sum + m.requests, 0);
    const cpuUs = pid && requests > 0 ? (ms.reduce((sum, m) => sum + m.cpuMs, 0) * 1000) / requests : undefined;
    return { rps: ms.reduce((sum, m) => sum + m.rps, 0) / ms.length, p99: median(ms.map((m) => m.p99)), cpuUs };
  });
}

/** GETs of paths on one port. */
export const measureAll = ({ port, paths, headers = {} }: { port: number; paths: string[]; headers?: Record<string, string> }): Promise<Measure[]> =>
  measureTargets({ targets: paths.map((path) => ({ port, path, headers })) });
