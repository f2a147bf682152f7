// A declaration `npm run generate` refuses reads as one line naming the schema and the key, with
// no stack, and leaves generated/ as it was; the dev loop's watch on openapi/ prints the same
// line and goes on, so the next edit that mends it is generated (issue 27 items 8 and 11).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { bundleOpenApi } from '../../scripts/bundle-openapi';
import { watchOpenApi } from '../../scripts/watch-openapi';
import type { OpenApiWatch } from '../../scripts/watch-openapi';
import { tempDir } from '../helpers/temp-dir';

const ROOT = resolve(__dirname, '..', '..');
const run = promisify(execFile);

/** A team's file: one project resource, with `option` as the key its search is declared under. */
const milestones = ({ option = 'search' }: { option?: string } = {}): string => `components:
  schemas:
    Milestone:
      type: object
      x-resource:
        collection: milestones
        path: /api/projects/{projectId}/milestones
        scope: project
        ${option}: [name]
      required: [id, name]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string, title: Name, minLength: 1, maxLength: 80 }
`;

/** A folder holding a copy of openapi/ (as `openapi/`) with the team's file added. */
function project(file: string): string {
  const dir = tempDir('nindo-refusal-');
  mkdirSync(join(dir, 'openapi'));
  for (const name of readdirSync(join(ROOT, 'openapi'))) copyFileSync(join(ROOT, 'openapi', name), join(dir, 'openapi', name));
  writeFileSync(join(dir, 'openapi', 'zz-team.yaml'), file);
  return dir;
}

describe('npm run generate on a declaration it refuses', () => {
  it('prints one line naming the schema and the key, with no stack, exits 1 and writes nothing', async () => {
    const dir = project(milestones({ option: 'searchable' }));
    const refused = run(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'generate.ts')], { cwd: dir });
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: 'npm run generate refused openapi/: x-resource of Milestone: unknown option searchable (did you mean search?)\n',
    });
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  }, 60_000);
});

describe('the dev loop watching openapi/', () => {
  let watching: OpenApiWatch | undefined;
  afterEach(() => watching?.close());

  it('prints a refusal in one line, keeps generated/, and generates the edit that mends it', async () => {
    const dir = project(milestones());
    const out = join(dir, 'openapi.json');
    const lines: string[] = [];
    const next = (): Promise<string> => new Promise((done) => {
      const seen = lines.length;
      const poll = setInterval(() => {
        if (lines.length > seen) {
          clearInterval(poll);
          done(lines[seen]);
        }
      }, 20);
    });
    watching = watchOpenApi({ dir: join(dir, 'openapi'), regenerate: () => writeFileSync(out, JSON.stringify(bundleOpenApi(join(dir, 'openapi')))), log: (line) => lines.push(line), quietMs: 50 });

    let line = next();
    writeFileSync(join(dir, 'openapi', 'zz-team.yaml'), milestones({ option: 'searchable' }));
    expect(await line).toBe('openapi/ refused, generated/ unchanged: x-resource of Milestone: unknown option searchable (did you mean search?)');
    expect(existsSync(out)).toBe(false);

    line = next();
    writeFileSync(join(dir, 'openapi', 'zz-team.yaml'), milestones());
    expect(await line).toMatch(/^openapi\/ changed: generated\/ written in \d+ ms$/);
    const paths = JSON.parse(readFileSync(out, 'utf8')).paths as Record<string, { get?: { parameters: { name: string }[] } }>;
    expect(paths['/api/projects/{projectId}/milestones'].get?.parameters.map((parameter) => parameter.name)).toContain('search');
    expect(lines).toHaveLength(2);
  }, 30_000);

  it('names the file and line of a YAML mistake in one line', async () => {
    const dir = project(milestones());
    const lines: string[] = [];
    watching = watchOpenApi({ dir: join(dir, 'openapi'), regenerate: () => bundleOpenApi(join(dir, 'openapi')), log: (line) => lines.push(line), quietMs: 50 });
    writeFileSync(join(dir, 'openapi', 'zz-team.yaml'), 'components:\n  schemas:\n    Milestone: {\n');
    await new Promise((done) => setTimeout(done, 1_000));
    expect(lines).toEqual([expect.stringMatching(/^openapi\/ refused, generated\/ unchanged: openapi\/zz-team\.yaml line \d+: [^\n]+$/)]);
  }, 30_000);
});
