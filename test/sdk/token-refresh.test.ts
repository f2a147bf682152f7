// The SDK's token refresh against the real server: a token function is asked again, once, with
// `expired: true` after the server refused its token, and the call goes through with the new one;
// a fixed token or a function that keeps giving refused tokens ends in the server's 401.
import { withTestApp } from '../helpers/test-app';
import { dataApp, installToken, setAccess } from '../database-public/fixtures';
import { NindoError, createClient } from '../../sdk/src/index.ts';
import { onPort } from './on-port';

const t = withTestApp();
const net = onPort(() => t.app);
let url = '';

beforeEach(async () => {
  net.requests.length = 0;
  await net.listenOn(0);
  url = `http://127.0.0.1:${net.port()}`;
});
afterEach(() => net.close());

async function storeApp(): Promise<{ appId: string; token: string }> {
  const { appId, appSecret, owner } = await dataApp({ app: t.app, ctx: t.ctx });
  await setAccess({ owner, appId, access: { read: 'authenticated', write: 'authenticated' } });
  return { appId, token: await installToken({ app: t.app, ctx: t.ctx, appId, appSecret }) };
}

const refusedWith401 = (error: unknown): boolean => error instanceof NindoError && error.status === 401;

describe('token refresh', () => {
  it('asks the token function again with expired: true after a refused token, and the call succeeds', async () => {
    const { appId, token } = await storeApp();
    const asked: boolean[] = [];
    const client = createClient({ url, appId, auth: { token: ({ expired }) => (asked.push(expired), expired ? token : 'stale-token') } });
    const created = await client.collection('products').create({ title: 'Lamp' });
    expect(created).toMatchObject({ title: 'Lamp', _version: 1 });
    expect(asked).toEqual([false, true]);
  });

  it.each([
    { name: 'a fixed token', token: 'stale-token', sent: 1 },
    { name: 'a function that keeps giving refused tokens', token: () => 'stale-token', sent: 2 },
  ])('ends in the 401 with $name, after $sent request(s)', async ({ token, sent }) => {
    const { appId } = await storeApp();
    const client = createClient({ url, appId, auth: { token } });
    const error: unknown = await client.collection('products').list().catch((caught: unknown) => caught);
    expect(refusedWith401(error)).toBe(true);
    expect(net.requests).toHaveLength(sent);
  });
});
