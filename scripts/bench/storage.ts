// Storage bench: through the HTTP pipeline, list the 20 newest of 100,000 documents
// (a) filtered on an indexed field and (b) by a case-insensitive regex search, beside the
// floor of the same stack returning a fixed list of 20 without storage.
import autocannon from 'autocannon';
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';

const PORT = Number(process.env.BENCH_STORAGE_PORT ?? 3195);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

interface Measure {
  rps: number;
  p99: number;
}

async function once(path: string, seconds: number): Promise<Measure> {
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * The machine is shared, so the paths are measured in interleaved rounds (each gets
 * DURATION_S in total): every path sees the same background load, and the ratio to the
 * floor stays meaningful. req/s is the mean over rounds, p99 the median of the rounds' p99.
 */
async function measureAll(paths: string[]): Promise<Measure[]> {
  for (const path of paths) await once(path, 2);
  const rounds = Math.max(1, Math.round(DURATION_S / 2));
  const seen: Measure[][] = paths.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, path] of paths.entries()) seen[i].push(await once(path, DURATION_S / rounds));
  }
  return seen.map((ms) => ({ rps: ms.reduce((sum, m) => sum + m.rps, 0) / ms.length, p99: median(ms.map((m) => m.p99)) }));
}

export async function runStorageBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('storage-server.ts', PORT);
  try {
    const [floor, indexed, search] = await measureAll(['/bench/floor?owner=owner-42', '/bench/items?owner=owner-42', '/bench/items?q=GaDgEt']);
    const load = `${CONNECTIONS} connections`;
    return [
      { name: 'storage floor', measures: `requests/s, Express + validator answering a fixed list of 20, ${load}`, value: floor.rps, unit: 'req/s' },
      { name: 'storage floor p99', measures: 'p99 latency of the floor requests', value: floor.p99, unit: 'ms' },
      {
        name: 'storage (a)',
        measures: `requests/s, 20 newest of 100k by an indexed filter, ${load}; target 70% of the floor`,
        value: indexed.rps,
        unit: 'req/s',
        floor: floor.rps,
        target: { atLeast: 0.7 * floor.rps },
      },
      { name: 'storage (a) p99', measures: 'p99 latency of the (a) requests', value: indexed.p99, unit: 'ms', floor: floor.p99 },
      { name: 'storage (b)', measures: `requests/s, 20 newest of 100k by a case-insensitive regex (no index), ${load}`, value: search.rps, unit: 'req/s', floor: floor.rps },
      { name: 'storage (b) p99', measures: 'p99 latency of the (b) requests', value: search.p99, unit: 'ms', floor: floor.p99 },
    ];
  } finally {
    server.kill('SIGTERM');
  }
}
