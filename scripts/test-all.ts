// `npm test`: every test stage, in the order and grouping that two cores allow, then a table of
// each stage's wall time. Jest runs one worker on two cores, so the MongoDB suites (FerretDB) and
// then the fuzzing take the other core beside it; the browser suite runs alone last, as its
// timeouts are the ones a loaded machine would trip. Any failed stage fails the run, after the
// others of its group have finished. With STAGES_FILE set, the rows are also appended there
// (.ci/run prints them with its own).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { formatStageTable, stageRow } from './stages';
import type { StageResult } from './stages';
import { exitWith } from './exit-with';

type Stage = { name: string; script: string };
/** Stages within a step run one after the other; the steps of a group run at once. */
type Group = Stage[][];

const PLAN: Group[] = [
  [[{ name: 'generated/ is fresh', script: 'check:generated' }]],
  [[{ name: 'peers (built once, cached)', script: 'peers' }]],
  [
    [{ name: 'jest (SQLite)', script: 'test:unit' }],
    [
      { name: 'jest on FerretDB', script: 'test:mongo' },
      { name: 'Schemathesis', script: 'test:fuzz' },
    ],
  ],
  [[{ name: 'build + end-to-end (Chromium)', script: 'test:e2e' }]],
];

function run({ stage, prefixed }: { stage: Stage; prefixed: boolean }): Promise<StageResult> {
  const began = Date.now();
  const child = spawn('npm', ['run', '--silent', stage.script], { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (prefixed) {
    // Two stages at once: every line says whose it is.
    const tag = `[${stage.script}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(tag + line + '\n');
      });
      stream?.on('end', () => rest && process.stdout.write(tag + rest + '\n'));
    }
  }
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ name: stage.name, seconds: (Date.now() - began) / 1000, ok: code === 0 && !signal })),
  );
}

async function runStep(step: Stage[], prefixed: boolean): Promise<StageResult[]> {
  const results: StageResult[] = [];
  for (const stage of step) {
    const result = await run({ stage, prefixed });
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

async function main(): Promise<number> {
  const results: StageResult[] = [];
  const began = Date.now();
  for (const group of PLAN) {
    const steps = await Promise.all(group.map((step) => runStep(step, group.length > 1)));
    results.push(...steps.flat());
    if (results.some((r) => !r.ok)) break;
  }
  const total: StageResult = { name: 'npm test', seconds: (Date.now() - began) / 1000, ok: results.every((r) => r.ok) };
  console.log(`\n${formatStageTable([...results, total])}`);
  // Indented: inside .ci/run's own 'npm test' row.
  if (process.env.STAGES_FILE) appendFileSync(process.env.STAGES_FILE, results.map((r) => stageRow({ ...r, name: `  ${r.name}` })).join(''));
  return total.ok ? 0 : 1;
}

exitWith(main);
