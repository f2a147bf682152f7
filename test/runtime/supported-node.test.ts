// The Nodes Nindo runs on: scripts/supported-node.cjs says what package.json's engines says, and the
// server refuses any other in one line before it loads a native addon (better-sqlite3 13 and
// argon2 crash Node 20 as they load; Node 20 has no process.threadCpuUsage, so every pattern search
// answered 500 there: issue 36). scripts/prove-start.sh shows the same on the machine's own Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isSupportedNode, unsupportedNodeRefusal } from '../../scripts/supported-node.cjs';

const ROOT = resolve(__dirname, '..', '..');
const ENGINES = (require('../../package.json') as { engines: { node: string } }).engines.node;
// npm's own range semantics (semver, here through the tooling; it ships no types of its own).
const { satisfies } = require('semver') as { satisfies: (version: string, range: string) => boolean };

/** Around every bound of the ranges, and the Nodes met on these machines. */
const VERSIONS = ['18.20.8', '20.19.0', '20.20.2', '21.7.3', '22.0.0', '22.15.0', '22.22.1', '22.22.2', '22.23.0', '23.9.0', '24.0.0', '24.14.9', '24.15.0', '24.21.0', '24.22.3', '25.0.0', '25.9.0', '26.0.0', '27.1.0'];

describe('supported Nodes', () => {
  test.each(VERSIONS)('Node %s is supported exactly when package.json engines accepts it', (version) => {
    expect(isSupportedNode(version)).toBe(satisfies(version, ENGINES));
  });

  test('the refusal is one line naming the supported versions, the Node met and the command that brings one', () => {
    const refusal = unsupportedNodeRefusal('20.20.2') ?? '';
    expect(refusal.split('\n')).toHaveLength(1);
    expect(refusal).toContain('this is Node 20.20.2');
    expect(refusal).toContain('24.15 or later');
    expect(refusal).toContain('. scripts/use-node.sh');
    expect(unsupportedNodeRefusal('24.21.0')).toBeUndefined();
  });

  test('the server started on Node 20 prints that line alone and exits 1 before opening its store', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nindo-node20-'));
    try {
      // The version a Node 20 reports, set before the server's first module runs.
      const preload = join(dir, 'node20.cjs');
      writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
      const sqlitePath = join(dir, 'nindo.sqlite');
      const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: `--require ${preload}`, SQLITE_PATH: sqlitePath, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr.trim()).toBe(unsupportedNodeRefusal('20.20.2'));
      expect(run.status).toBe(1);
      expect(existsSync(sqlitePath)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
