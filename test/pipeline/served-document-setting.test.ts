// OPENAPI_DOCUMENT and WEB_DIST (docs/operations.md): a server started on another bundled
// document serves that document's operations and reference, and on another web build its
// pages; a missing or broken document, or a folder with no build, refuses the start with a
// message naming the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { readConfig } from '../../server/config';
import { openApiPathFrom, readOpenApiDocument } from '../../server/http/openapi-document';
import { ROOT } from '../../server/paths';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { startServerProcess } from '../scale-out/server-processes';
import type { ServerProcess } from '../scale-out/server-processes';
import { createTestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';

/** With a secret set, so reading the settings keeps no key file in the repository's data folder. */
const configFrom = (env: NodeJS.ProcessEnv) => readConfig({ SESSION_SECRET: 'test-session-secret', ...env });

const written = (name: string, text: string): string => {
  const path = join(tempDir('nindo-document-'), name);
  writeFileSync(path, text);
  return path;
};

describe('OPENAPI_DOCUMENT', () => {
  it.each([
    ['unset', undefined, join(ROOT, 'generated', 'openapi.json')],
    ['empty', '', join(ROOT, 'generated', 'openapi.json')],
    ['absolute', '/srv/nindo/openapi.json', '/srv/nindo/openapi.json'],
    ['relative, from the current folder', 'build/openapi.json', resolve('build/openapi.json')],
  ])('names the document to serve when %s', (_case, value, path) => {
    expect(openApiPathFrom({ OPENAPI_DOCUMENT: value })).toBe(path);
  });

  it.each([
    ['a missing file', () => join(tempDir('nindo-document-'), 'missing.json'), /Cannot read the OpenAPI document .*missing\.json \(OPENAPI_DOCUMENT\): there is no such file\. Run npm run generate/],
    ['text that is not JSON', () => written('broken.json', '{"openapi": '), /The OpenAPI document .*broken\.json \(OPENAPI_DOCUMENT\) is not JSON: /],
    ['JSON that is not a bundled document', () => written('other.json', '{"openapi": "3.1.0", "info": {}}'), /other\.json \(OPENAPI_DOCUMENT\) is not a bundled OpenAPI 3 document/],
    ['a Swagger 2 document', () => written('swagger.json', '{"swagger": "2.0", "paths": {}, "components": {}}'), /swagger\.json \(OPENAPI_DOCUMENT\) is not a bundled OpenAPI 3 document/],
  ])('refuses %s, naming it', (_case, path, message) => {
    expect(() => readOpenApiDocument(path())).toThrow(message);
  });
});

describe('WEB_DIST', () => {
  it('defaults to the app’s own build', () => {
    expect(configFrom({}).webDist).toBe(join(ROOT, 'web', 'dist'));
  });

  it('refuses a folder with no built app', () => {
    const empty = tempDir('nindo-dist-');
    expect(() => configFrom({ WEB_DIST: empty })).toThrow(`WEB_DIST must be a built web app (vite build's outDir), and ${empty} has no index.html`);
  });

  it('serves the pages of the build it names', async () => {
    const dist = tempDir('nindo-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Another build</title>');
    const t = await createTestApp({ webDist: configFrom({ WEB_DIST: dist }).webDist });
    try {
      const page = await request(t.app).get('/user/dashboard').expect(200);
      expect(page.text).toContain('Another build');
    } finally {
      await t.close();
    }
  });
});

describe('a server started on another document', () => {
  const settings = () => ({ SQLITE_PATH: join(tempDir('nindo-data-'), 'nindo.sqlite'), SESSION_SECRET: 'test-session-secret', MONGODB_URI: '', SMTP_URL: '' });
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ env: { ...settings(), OPENAPI_DOCUMENT: documentWithDeclaredResources().path } });
  }, 90_000);
  afterAll(() => server.stop());

  it('gives its reference and serves its operations', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(['/api/projects/{projectId}/announcements']);
    // Validated and handled (a session is asked for), where the bundled document knows no such endpoint.
    const list = await fetch(`${server.url}/api/projects/some-project/announcements`);
    expect(list.status).toBe(401);
  });

  it('is refused at start when the document is missing, with the message alone', async () => {
    const missing = join(tempDir('nindo-document-'), 'openapi.json');
    const start = startServerProcess({ env: { ...settings(), OPENAPI_DOCUMENT: missing } });
    await expect(start).rejects.toThrow(`server exited with 1:\nCannot read the OpenAPI document ${missing} (OPENAPI_DOCUMENT): there is no such file.`);
  }, 90_000);
});
