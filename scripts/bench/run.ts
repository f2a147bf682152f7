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
  const passes = rows.map((r) => r.target === undefined || (r.percentOfFloor ?? 0) >= r.target);
  const lines = rows.map((r, i) => [
    r.name,
    Math.round(r.reqPerSec),
    r.p99Ms,
    r.percentOfFloor === undefined ? '' : `${r.percentOfFloor.toFixed(0)}%`,
    r.target === undefined ? '' : `>= ${r.target}%`,
    passes[i] ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, col) => Math.max(h.length, ...lines.map((line) => String(line[col]).length)));
  console.log(header.map((h, i) => cell(h, widths[i])).join(' | '));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of lines) console.log(line.map((v, i) => cell(v, widths[i])).join(' | '));
  return passes.every(Boolean);
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
