// `npm run bench`: runs every bench module in turn and prints one table.
// Add a bench by writing a module that returns BenchRows and listing it in BENCHES.
import { runStorageBench } from './storage';
import { runWebhooksBench } from './webhooks';

export interface BenchRow {
  name: string;
  reqPerSec: number;
  p99Ms: number;
  /** Throughput relative to the floor measured in the same run. */
  percentOfFloor?: number;
  /** The minimum percentOfFloor this row must reach. */
  target?: number;
}

const BENCHES: { name: string; run: () => Promise<BenchRow[]> }[] = [
  { name: 'storage', run: runStorageBench },
  { name: 'webhooks', run: runWebhooksBench },
];

const cell = (value: string | number, width: number): string => String(value).padEnd(width);

function print(rows: BenchRow[]): boolean {
  const header = ['bench', 'req/s', 'p99 ms', '% of floor', 'target', 'ok'];
  const widths = [52, 9, 8, 11, 8, 4];
  console.log(header.map((h, i) => cell(h, widths[i])).join(' | '));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  let ok = true;
  for (const r of rows) {
    const pass = r.target === undefined || (r.percentOfFloor ?? 0) >= r.target;
    ok &&= pass;
    const values = [r.name, Math.round(r.reqPerSec), r.p99Ms, r.percentOfFloor === undefined ? '' : `${r.percentOfFloor.toFixed(0)}%`, r.target === undefined ? '' : `>= ${r.target}%`, pass ? 'yes' : 'NO'];
    console.log(values.map((v, i) => cell(v, widths[i])).join(' | '));
  }
  return ok;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: BenchRow[] = [];
  for (const bench of BENCHES) {
    if (only.length > 0 && !only.includes(bench.name)) continue;
    console.error(`running ${bench.name} bench...`);
    rows.push(...(await bench.run()));
  }
  if (!print(rows)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
