// The load generator the HTTP benches share: autocannon at CONNECTIONS connections, paths
// measured in interleaved rounds so that every path sees the same background load.
import autocannon from 'autocannon';
import { median } from './bench-row';

export const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export interface Measure {
  rps: number;
  p99: number;
}

async function once({ url, headers, seconds }: { url: string; headers: Record<string, string>; seconds: number }): Promise<Measure> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * The machine is shared, so the paths are measured in interleaved rounds (each gets
 * DURATION_S in total): every path sees the same background load, and the ratio to the
 * floor stays meaningful. req/s is the mean over rounds, p99 the median of the rounds' p99.
 */
export async function measureAll({ port, paths, headers = {} }: { port: number; paths: string[]; headers?: Record<string, string> }): Promise<Measure[]> {
  const url = (path: string): string => `http://127.0.0.1:${port}${path}`;
  for (const path of paths) await once({ url: url(path), headers, seconds: 2 });
  const rounds = Math.max(1, Math.round(DURATION_S / 2));
  const seen: Measure[][] = paths.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, path] of paths.entries()) seen[i].push(await once({ url: url(path), headers, seconds: DURATION_S / rounds }));
  }
  return seen.map((ms) => ({ rps: ms.reduce((sum, m) => sum + m.rps, 0) / ms.length, p99: median(ms.map((m) => m.p99)) }));
}
