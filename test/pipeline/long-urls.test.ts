// A URL whose parameters are at their documented maximum lengths reaches the app instead of
// Node refusing it with a bare 431.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { MAX_HEADER_BYTES, createHttpServer } from '../../server/http/http-server';
import { withTestApp } from '../helpers/test-app';

const t = withTestApp();

async function listening(): Promise<{ server: Server; baseUrl: string }> {
  const server = createHttpServer(t.app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

it.each([
  { name: 'at its maximum length (2000 four-byte characters, 24 kB encoded) is followed', length: 2000, status: 302 },
  { name: 'over its maximum length is refused by the validator', length: 2001, status: 400 },
])('a redirectUrl $name', async ({ length, status }) => {
  const { server, baseUrl } = await listening();
  try {
    const res = await fetch(`${baseUrl}/auth/google?redirectUrl=${encodeURIComponent('𝄞'.repeat(length))}`, { redirect: 'manual' });
    expect(res.status).toBe(status);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

it('still refuses a URL over the header limit with 431', async () => {
  const { server, baseUrl } = await listening();
  try {
    const res = await fetch(`${baseUrl}/api/health?x=${'a'.repeat(MAX_HEADER_BYTES)}`);
    expect(res.status).toBe(431);
  } finally {
    await new Promise((done) => server.close(done));
  }
});
