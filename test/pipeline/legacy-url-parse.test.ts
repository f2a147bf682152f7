// Node's url.parse, called from inside node_modules as express-openapi-validator calls it on every
// request, costs a stack inspection per call until its deprecation warning has been given once;
// settleUrlParseWarning ends that without printing anything. Measured in a fresh process each
// time (the state is per process): the calls get several times cheaper (fastest round against fastest round), and stderr stays empty.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Rounds of calls, the fastest of each kind compared: a stalled round on a loaded machine does not decide. */
const ROUNDS = 7;
const CALLS = 1000;

describe('url.parse called from node_modules', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-url-parse-'));
    mkdirSync(join(dir, 'node_modules', 'caller'), { recursive: true });
    // A package calling url.parse, as the validator's parameter mutator does.
    writeFileSync(join(dir, 'node_modules', 'caller', 'index.js'), "const url = require('url');\nmodule.exports = (n) => { for (let i = 0; i < n; i += 1) url.parse('/api/v1/data/app/collections/notes/documents?limit=20'); };\n");
    writeFileSync(
      join(dir, 'measure.ts'),
      [
        `import { settleUrlParseWarning } from '${join(__dirname, '..', '..', 'server', 'http', 'legacy-url-parse')}';`,
        `const calls = require('${join(dir, 'node_modules', 'caller')}') as (n: number) => void;`,
        `const round = (): number => { const started = process.hrtime.bigint(); calls(${CALLS}); return Number(process.hrtime.bigint() - started); };`,
        `const timed = (): number => Math.min(...Array.from({ length: ${ROUNDS} }, round));`,
        'calls(200);',
        'const before = timed();',
        'settleUrlParseWarning();',
        'const after = timed();',
        'console.log(JSON.stringify({ before, after }));',
      ].join('\n'),
    );
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops inspecting the stack on each call once settled, printing no warning', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'measure.ts')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { before, after } = JSON.parse(run.stdout) as { before: number; after: number };
    expect(after * 4).toBeLessThan(before);
  });
});
