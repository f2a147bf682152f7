import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const MB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = (head: Buffer, size = 64): Buffer => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
const webpHead = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBP')]);

let t: TestApp;
let agent: Agent;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nindo-uploads-'));
  t = await createTestApp({ uploadsDir: dir });
  ({ agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'uploader@example.com' }));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (data: Buffer, filename: string, contentType: string) => agent.post('/api/user/file').attach('file', data, { filename, contentType });

it.each([
  ['a PNG', image(PNG), 'image/png'],
  ['a JPEG', image(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg'],
  ['a GIF', image(Buffer.from('GIF89a')), 'image/gif'],
  ['a WebP', image(webpHead), 'image/webp'],
])('stores %s and serves it back by its URL', async (_case, data, type) => {
  const res = await upload(data, 'logo.bin', 'application/octet-stream').expect(201);
  expect(res.body.data).toMatchObject({ contentType: type, size: data.length });
  expect(res.body.data.url).toBe(`/api/user/file/${res.body.data.id}`);
  const served = await request(t.app).get(res.body.data.url).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  }).expect(200);
  expect(served.headers['content-type']).toBe(type);
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(served.body as Buffer, data)).toBe(0);
});

it.each([
  ['an SVG, even named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', 'image/png'],
  ['a text file', Buffer.from('hello world, not an image'), 'notes.txt', 'text/plain'],
  ['a PDF', Buffer.from('%PDF-1.7 fake'), 'doc.pdf', 'application/pdf'],
])('refuses %s', async (_case, data, filename, type) => {
  const res = await upload(data, filename, type).expect(400);
  expect(res.body.message).toBe('Only png, jpg, and gif formats are allowed.');
});

it('accepts exactly 3 MB and refuses one byte more', async () => {
  await upload(image(PNG, 3 * MB), 'big.png', 'image/png').expect(201);
  const res = await upload(image(PNG, 3 * MB + 1), 'bigger.png', 'image/png').expect(413);
  expect(res.body.message).toBe('File is too big. Size limitation is 3mb');
});

it('refuses a request without a file', async () => {
  const res = await agent.post('/api/user/file').field('other', 'x').expect(400);
  expect(res.body.success).toBe(false);
});

it('answers 404 for an unknown file', async () => {
  const res = await request(t.app).get('/api/user/file/not-a-file').expect(404);
  expect(res.body.message).toBe('File not found');
});
