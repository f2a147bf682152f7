// `npm run bench [name ...]`: runs every bench module (or the named ones) in turn and prints
// one table. Add a bench by writing a module that returns BenchRows and listing it in BENCHES.
import type { BenchRow } from './bench-row';
import { passes } from './bench-row';
import { runStorageBench } from './storage';
import { runWebhooksBench } from './webhooks';
import { runColdStartBench } from './cold-start';
import { runColdStartLoginBench } from './cold-start-login';
import { runMemoryBench } from './memory';
import { runFirstLoadBench } from './first-load';
import { runAppUsersBench } from './app-users';
import { runDatabaseBench, runDatabaseMillionBench } from './database';
import { runPublicDataBench } from './public-data';
import { runPublicPeopleBench } from './public-people';
import { runDatabaseImportBench } from './database-import';
import { runWidgetsBench } from './widgets';
import { runWidgetEventsBench } from './widget-events';
import { runBillingPlansBench } from './billing-plans';
import { runLiveBench } from './live';
import { runPeersBench } from './peers';
import { runEnginesBench } from './engines';
import { runSdkBench } from './sdk';
import { runLiveTailBench } from './live-tail';

const BENCHES: { name: string; run: () => Promise<BenchRow[]>; onlyWhenNamed?: boolean }[] = [
  { name: 'storage', run: runStorageBench },
  { name: 'webhooks', run: runWebhooksBench },
  { name: 'cold-start', run: runColdStartBench },
  { name: 'cold-start-login', run: runColdStartLoginBench },
  { name: 'memory', run: runMemoryBench },
  { name: 'first-load', run: runFirstLoadBench },
  { name: 'app-users', run: runAppUsersBench },
  { name: 'database', run: runDatabaseBench },
  { name: 'database-1m', run: runDatabaseMillionBench },
  { name: 'public-data', run: runPublicDataBench },
  { name: 'public-people', run: runPublicPeopleBench },
  { name: 'database-import', run: runDatabaseImportBench },
  { name: 'widgets', run: runWidgetsBench },
  { name: 'widget-events', run: runWidgetEventsBench },
  { name: 'billing-plans', run: runBillingPlansBench },
  { name: 'live', run: runLiveBench },
  // Not in a plain `npm run bench`: it builds PocketBase (Go) once.
  { name: 'peers', run: runPeersBench, onlyWhenNamed: true },
  // Not in a plain `npm run bench` either: it starts FerretDB twice (once over PostgreSQL).
  { name: 'engines', run: runEnginesBench, onlyWhenNamed: true },
  // Nor this one: PocketBase (built once), FerretDB over PostgreSQL, and 10,000 SDK clients in this process.
  { name: 'sdk', run: runSdkBench, onlyWhenNamed: true },
  // Nor this one: FerretDB over PostgreSQL, two instances holding streams of 10,000 apps.
  { name: 'live-tail', run: runLiveTailBench, onlyWhenNamed: true },
];

const number = (value: number): string => (Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

function cells(row: BenchRow): string[] {
  const ok = passes(row);
  const target = !row.target ? '' : 'atLeast' in row.target ? `>= ${number(row.target.atLeast)}` : `<= ${number(row.target.atMost)}`;
  return [row.name, row.measures, number(row.value), row.unit, row.floor === undefined ? '' : number(row.floor), target, ok === undefined ? '' : ok ? 'yes' : 'NO'];
}

function print(rows: BenchRow[]): boolean {
  const header = ['bench', 'measures', 'value', 'unit', 'floor', 'target', 'ok'];
  const lines = rows.map(cells);
  const widths = header.map((h, col) => Math.max(h.length, ...lines.map((line) => line[col].length)));
  const format = (line: string[]): string => line.map((v, i) => (i === 2 || i === 4 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(' | ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of lines) console.log(format(line));
  return rows.every((row) => passes(row) !== false);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: BenchRow[] = [];
  for (const bench of BENCHES) {
    if (only.length > 0 ? !only.includes(bench.name) : bench.onlyWhenNamed) continue;
    console.error(`running ${bench.name} bench...`);
    rows.push(...(await bench.run()));
  }
  if (!print(rows)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
