// Broken or oversized multipart bodies are the client's fault: a clear 400 or 413, never a 500.
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { MALFORMED_MULTIPART, ONE_FILE_ONLY } from '../../server/http/multipart';

const MB = 1024 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 7)]);
const BOUNDARY = 'nindo-boundary';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'bodies@example.com' }));
});
afterAll(() => t.close());

const part = (name: string, content: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;

const sendRaw = (body: string) =>
  agent.post('/api/user/file').set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).send(Buffer.from(body, 'latin1'));

it.each([
  ['a body cut off before its closing boundary', `${part('file', 'abc')}`],
  ['a part header without a colon', `--${BOUNDARY}\r\nnot a header\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`],
  ['a boundary that never appears', 'just some bytes'],
])('answers 400 for %s', async (_case, body) => {
  const res = await sendRaw(body).expect(400);
  expect(res.body).toMatchObject({ success: false, data: null, message: MALFORMED_MULTIPART });
});

it('answers 400 when two files are sent', async () => {
  const res = await agent
    .post('/api/user/file')
    .attach('file', PNG, { filename: 'a.png', contentType: 'image/png' })
    .attach('file', PNG, { filename: 'b.png', contentType: 'image/png' })
    .expect(400);
  expect(res.body).toMatchObject({ success: false, message: ONE_FILE_ONLY, fieldErrors: { file: ONE_FILE_ONLY } });
});

it('answers 413 with the size limit for a file over 3 MB', async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(3 * MB)]);
  const res = await agent.post('/api/user/file').attach('file', big, { filename: 'big.png', contentType: 'image/png' }).expect(413);
  expect(res.body).toMatchObject({ success: false, message: 'File is too big. Size limitation is 3mb' });
});

it('still stores one valid image', async () => {
  const res = await agent.post('/api/user/file').attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201);
  expect(res.body.data).toMatchObject({ contentType: 'image/png', size: PNG.length });
});
