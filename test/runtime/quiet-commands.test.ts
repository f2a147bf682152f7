// A new user's first commands print what matters and nothing else (issue 36): the web build loads
// its Vite config with no warning (the default loader printed 16, one per file the config imports,
// ES modules in a package without "type": "module"), and `npm run generate` says in one line what it wrote.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const SCRIPTS = (require('../../package.json') as { scripts: Record<string, string> }).scripts;

/** The config loader `npm run build` gives vite (its --configLoader, else vite's default). */
const buildConfigLoader = (): string => /vite build (?:.* )?--configLoader (\w+)/.exec(SCRIPTS.build)?.[1] ?? 'bundle';

// Loads the config as `vite build` does and prints every warning vite's logger was given.
const LOAD_CONFIG = `
import { createLogger, loadConfigFromFile } from 'vite';
const warnings = [];
const logger = createLogger('info');
logger.warn = (message) => warnings.push(message);
logger.warnOnce = logger.warn;
const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'web/vite.config.ts', process.cwd(), 'info', logger, process.argv[1]);
console.log(JSON.stringify({ plugins: loaded.config.plugins.length, warnings }));
`;

describe('quiet first commands', () => {
  test('the web build loads its Vite config with no warning', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', LOAD_CONFIG, buildConfigLoader()], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const { plugins, warnings } = JSON.parse(run.stdout) as { plugins: number; warnings: string[] };
    expect(warnings).toEqual([]);
    expect(plugins).toBeGreaterThan(0);
  });

  test('npm run generate prints one line saying what it wrote', () => {
    // A folder of its own, so that the repository's generated/ is left alone.
    const dir = mkdtempSync(join(tmpdir(), 'nindo-generate-'));
    try {
      for (const name of ['openapi', 'node_modules', 'openapi-ts.config.ts']) symlinkSync(join(ROOT, name), join(dir, name));
      const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'generate.ts')], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^npm run generate: wrote generated\/openapi\.json \(\d+ operations\) and generated\/client\/ from openapi\/$/)]);
      expect(existsSync(join(dir, 'generated', 'client', 'index.ts'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
