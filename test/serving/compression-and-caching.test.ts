import request from 'supertest';
import type { Response } from 'supertest';
import { ASSET, ASSET_SOURCE, servingApp } from './serving-app';

/** The body as bytes whatever its type (the client has already undone the Content-Encoding, checking it). */
const raw = (res: Response, done: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const decode = (res: Response): string => (res.body as Buffer).toString();

const get = (app: ReturnType<typeof servingApp>, path: string, acceptEncoding: string) =>
  request(app).get(path).set('Accept-Encoding', acceptEncoding).buffer(true).parse(raw as never);

describe('compression and caching', () => {
  const app = servingApp();

  it.each<[string, string | undefined]>([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])(
    'a hashed asset asked with Accept-Encoding "%s" comes %s, immutable for a year',
    async (accept, encoding) => {
      const res = await get(app, ASSET, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(res)).toBe(ASSET_SOURCE);
    },
  );

  it.each(['/', '/login', '/embed/login', '/developer/apps'])('the page %s is index.html, revalidated on each visit', async (path) => {
    const res = await get(app, path, 'br, gzip');
    expect(res.status).toBe(200);
    expect(decode(res)).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing hashed asset is a 404, not the app page', async () => {
    const res = await get(app, '/assets/index-old.js', 'br');
    expect(res.status).toBe(404);
    expect(decode(res)).not.toContain('<div id="root">');
  });

  it.each<[string, number, string | undefined]>([
    ['br, gzip', 200, 'br'],
    ['gzip', 200, 'gzip'],
    ['identity', 200, undefined],
    ['', 200, undefined],
    ['br, gzip', 1, undefined],
  ])('a JSON answer asked with "%s" and %i rows comes %s, varying by Accept-Encoding', async (accept, rows, encoding) => {
    const res = await get(app, `/api/list?n=${rows}`, accept);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(decode(res))).toMatchObject({ success: true });
  });

  it('/docs loads Scalar from a content-hashed URL, compressed once and cached for a year', async () => {
    const page = await get(app, '/docs', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const [, scalarUrl] = /<script src="(\/docs\/scalar-[0-9a-f]+\.js)">/.exec(decode(page)) ?? [];
    expect(scalarUrl).toBeDefined();
    // Chromium's own header: gzip listed first, brotli still wins.
    const [br, gzip] = await Promise.all([get(app, scalarUrl, 'gzip, deflate, br, zstd'), get(app, scalarUrl, 'gzip')]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(br)).toBe(decode(gzip));
    expect(decode(br)).toContain('createApiReference');
    expect((await get(app, '/docs/scalar-0000.js', 'br')).headers['content-type']).not.toMatch(/javascript/);
  });
});
