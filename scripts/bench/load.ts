// The load generator the HTTP benches share: autocannon at CONNECTIONS connections (or as many
// as a bench asks), requests measured in interleaved rounds so that every one sees the same
// background load.
import autocannon from 'autocannon';
import { median } from './bench-row';

export const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export interface Measure {
  rps: number;
  p99: number;
}

/** One request to repeat: GET of a path, or any method with a body. */
export interface Target {
  port: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

async function once({ target, connections, seconds }: { target: Target; connections: number; seconds: number }): Promise<Measure> {
  const url = `http://127.0.0.1:${target.port}${target.path}`;
  const result = await autocannon({ url, method: target.method ?? 'GET', body: target.body, headers: target.headers ?? {}, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * The machine is shared, so the targets are measured in interleaved rounds (each gets
 * DURATION_S in total): every target sees the same background load, and the ratio to the
 * floor stays meaningful. req/s is the mean over rounds, p99 the median of the rounds' p99.
 */
export async function measureTargets({ targets, connections = CONNECTIONS }: { targets: Target[]; connections?: number }): Promise<Measure[]> {
  for (const target of targets) await once({ target, connections, seconds: 2 });
  const rounds = Math.max(1, Math.round(DURATION_S / 2));
  const seen: Measure[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, target] of targets.entries()) seen[i].push(await once({ target, connections, seconds: DURATION_S / rounds }));
  }
  return seen.map((ms) => ({ rps: ms.reduce((sum, m) => sum + m.rps, 0) / ms.length, p99: median(ms.map((m) => m.p99)) }));
}

/** GETs of paths on one port. */
export const measureAll = ({ port, paths, headers = {} }: { port: number; paths: string[]; headers?: Record<string, string> }): Promise<Measure[]> =>
  measureTargets({ targets: paths.map((path) => ({ port, path, headers })) });
