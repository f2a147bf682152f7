// Storage bench: through the HTTP pipeline, list the 20 newest of 100,000 documents
// (a) filtered on an indexed field and (b) by a case-insensitive regex search, beside the
// floor of the same stack returning a fixed list of 20 without storage.
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureAll } from './load';

const PORT = Number(process.env.BENCH_STORAGE_PORT ?? 3195);

export async function runStorageBench(): Promise<BenchRow[]> {
  const server = await startBenchProcess('storage-server.ts', PORT);
  try {
    const [floor, indexed, search] = await measureAll({ port: PORT, paths: ['/bench/floor?owner=owner-42', '/bench/items?owner=owner-42', '/bench/items?q=GaDgEt'] });
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
