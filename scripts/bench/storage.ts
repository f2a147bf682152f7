// Storage bench: through the HTTP pipeline, list the 20 newest of 100,000 documents
// (a) filtered on an indexed field and (b) by a case-insensitive regex search, beside the
// floor of the same stack returning a fixed list of 20 without storage.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { BenchRow } from './run';

const PORT = Number(process.env.BENCH_STORAGE_PORT ?? 3195);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'storage-server.ts'), String(PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function measure(path: string): Promise<{ rps: number; p99: number }> {
  const url = `http://127.0.0.1:${PORT}${path}`;
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function runStorageBench(): Promise<BenchRow[]> {
  const server = await startServer();
  try {
    const floor = await measure('/bench/floor');
    const indexed = await measure('/bench/items?owner=owner-42');
    const search = await measure('/bench/items?q=GaDgEt');
    const row = (name: string, m: { rps: number; p99: number }, target?: number): BenchRow => ({
      name,
      reqPerSec: m.rps,
      p99Ms: m.p99,
      percentOfFloor: (m.rps / floor.rps) * 100,
      target,
    });
    return [
      row('floor: Express + validator, fixed list of 20', floor),
      row('storage (a): 20 newest of 100k, indexed filter', indexed, 70),
      row('storage (b): 20 newest of 100k, regex search (i)', search),
    ];
  } finally {
    server.kill('SIGTERM');
  }
}
