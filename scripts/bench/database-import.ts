// Import bench (issue 18 item 5): a CSV of 1,000,000 people (six columns, 67 MB) posted to the
// product server, which answers 202 once the file is stored; its worker stores the rows in the
// background. Measured: ms from the POST to the import's status `finished` (target: under 60 s),
// the server's CPU for it, the 202's ms, the latency of a documents list asked every 200 ms
// meanwhile (no request waits for the import) and the server's peak memory. Floor: the same
// million documents inserted straight into a fresh SQLite store in batches of 2000, in this process
// in the same run (no reading, checks, quota or progress: what the storage alone costs here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import type { BenchRow } from './bench-row';
import { postCsv } from './post-csv';
import { startBenchProcess } from './child-process';
import { cpuMsOf, rssMbOf } from './proc';
import { sessionCookie } from './app-users-data';
import { IMPORT_APP, IMPORT_COLLECTION, personDocument, writePeopleCsv } from './database-import-data';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 3221);
const TARGET_MS = 60_000;
const PROBE_MS = 200;
const FLOOR_BATCH = 2000;

const documentsPath = (rest: string): string => `/integrations/developer/apps/${IMPORT_APP}/db/collection/${IMPORT_COLLECTION}/document${rest}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const p99Of = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? 0;

async function timedGet(path: string): Promise<{ ms: number; body: { data: Record<string, unknown> } }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { cookie: sessionCookie() } });
  const body = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

interface ImportRun {
  totalMs: number;
  answerMs: number;
  cpuMs: number;
  probes: number[];
  peakRssMb: number;
}

/** Posts the file and follows the import to its end, probing a documents list meanwhile. */
async function runImport(file: string): Promise<ImportRun> {
  const child = await startBenchProcess('database-import-server.ts', PORT);
  const pid = child.pid ?? 0;
  try {
    const cpuBefore = cpuMsOf(pid);
    const started = performance.now();
    const answer = await postCsv({ port: PORT, path: documentsPath('/import'), file });
    const answerMs = performance.now() - started;
    if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${answer.body}`);
    const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
    const probes: number[] = [];
    let peakRssMb = 0;
    for (;;) {
      probes.push((await timedGet(documentsPath('?limit=20'))).ms);
      peakRssMb = Math.max(peakRssMb, rssMbOf(pid));
      const { data } = (await timedGet(documentsPath(`/import/${id}`))).body;
      if (data.status === 'finished') {
        if (data.imported !== ROWS || data.failed !== 0) throw new Error(`import finished with ${JSON.stringify(data)}`);
        return { totalMs: performance.now() - started, answerMs, cpuMs: cpuMsOf(pid) - cpuBefore, probes, peakRssMb };
      }
      await sleep(PROBE_MS);
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** The same documents inserted straight into a fresh store with the collection's _created index. */
async function floor(dir: string): Promise<{ ms: number; cpuMs: number }> {
  const store = await openSqliteStore({ path: join(dir, 'floor.sqlite') });
  try {
    await store.ensureIndex({ collection: 'udb_floor', fields: { _created: -1 } });
    const collection = store.collection('udb_floor');
    const now = new Date().toISOString();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let first = 1; first <= ROWS; first += FLOOR_BATCH) {
      await collection.insertMany(Array.from({ length: Math.min(FLOOR_BATCH, ROWS - first + 1) }, (_, k) => personDocument(first + k, now)));
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
  } finally {
    await store.close();
  }
}

export async function runDatabaseImportBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-import-file-'));
  try {
    const file = join(dir, 'people.csv');
    const size = await writePeopleCsv({ path: file, rows: ROWS });
    const run = await runImport(file);
    const bare = await floor(dir);
    const rows = `${ROWS.toLocaleString('en-US')} CSV rows (${Math.round(size / 1024 / 1024)} MB, 6 columns)`;
    return [
      {
        name: 'db import 1M',
        measures: `ms from the POST of ${rows} to the import finished, SQLite; floor: the same documents inserted straight into a store in batches of ${FLOOR_BATCH}`,
        value: run.totalMs,
        unit: 'ms',
        floor: bare.ms,
        target: { atMost: TARGET_MS },
      },
      { name: 'db import 1M CPU', measures: 'CPU ms the server spent from the POST to the end; floor: the straight inserts\' CPU ms', value: run.cpuMs, unit: 'ms', floor: bare.cpuMs },
      { name: 'db import 1M answer', measures: 'ms until the 202 (the file received and stored as a blob)', value: run.answerMs, unit: 'ms' },
      { name: 'db import 1M list p99', measures: `p99 ms of a documents list (20) asked every ${PROBE_MS} ms during the import (${run.probes.length} requests)`, value: p99Of(run.probes), unit: 'ms' },
      { name: 'db import 1M list max', measures: 'slowest of those list requests', value: Math.max(...run.probes), unit: 'ms' },
      { name: 'db import 1M RSS', measures: 'peak resident MB of the server during the import', value: run.peakRssMb, unit: 'MB' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
