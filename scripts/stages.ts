// The stage-time table that `npm test` and .ci/run print: rows kept as tab-separated lines
// (name, seconds, ok), so a shell script can append its own. `tsx scripts/stages.ts FILE` prints
// the table of a file's rows.
import { readFileSync } from 'node:fs';

export interface StageResult {
  name: string;
  seconds: number;
  ok: boolean;
}

export const stageRow = ({ name, seconds, ok }: StageResult): string => `${name}\t${seconds.toFixed(1)}\t${ok ? 'ok' : 'FAILED'}\n`;

// Rounded to whole seconds before splitting, so 959.6 s reads 16 min 00 s, never 15 min 60 s.
const clock = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

export function formatStageTable(results: StageResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length), 5);
  const lines = results.map((r) => `| ${r.name.padEnd(width)} | ${clock(r.seconds).padStart(12)} | ${r.ok ? 'ok' : 'FAILED'} |`);
  return [`| ${'stage'.padEnd(width)} | ${'wall time'.padStart(12)} | result |`, `|${'-'.repeat(width + 2)}|${'-'.repeat(14)}|--------|`, ...lines].join('\n');
}

export function parseStageRows(text: string): StageResult[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name, seconds, ok] = line.split('\t');
      return { name, seconds: Number(seconds), ok: ok === 'ok' };
    });
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx scripts/stages.ts FILE');
  console.log(formatStageTable(parseStageRows(readFileSync(file, 'utf8'))));
}
