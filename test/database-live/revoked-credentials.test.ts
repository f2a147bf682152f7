// A stream outlives the POST that subscribed it: when those credentials stop holding (the store
// uninstalls the app, the install token expires, the app is deleted), the stream ends within
// recheckMs with the reason, as the next call with them would be refused. A stream whose
// credentials still hold goes on getting events.
import request from 'supertest';
import type { TestApp } from '../helpers/test-app';
import { basic, dataApp, installToken, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { createDocument } from '../../server/services/database/documents';
import { REVOKED_MESSAGE } from '../../server/services/database/live/grants';
import { appTokens, digest } from '../../server/services/developer/install/model';
import { uninstall } from '../../server/services/developer/install/installation';
import { openLive } from './sse-client';
import type { LiveStream } from './sse-client';
import { liveApp, subscribe } from './live-app';

const { t, base } = liveApp({ recheckMs: 200 });

/** Ends the grant of a stream subscribed with `authorization`, the way the product does. */
type Revoke = (args: { t: TestApp; data: DataApp; token: string }) => Promise<void>;

const tokenOf = (token: string) => appTokens(t.ctx).findOne({ _id: digest(token) });

const CASES: [string, 'token' | 'app', Revoke | undefined][] = [
  ['nothing: the store keeps the app', 'token', undefined],
  ['the store uninstalls the app', 'token', async ({ t: app, data, token }) => {
    const issued = await tokenOf(token);
    if (!issued) throw new Error('token not stored');
    await uninstall({ ctx: app.ctx, userId: issued.userId, appId: data.appId });
  }],
  ['the install token expires', 'token', async ({ t: app, token }) => {
    await appTokens(app.ctx).updateOne({ _id: digest(token) }, { $set: { expiresAt: new Date(app.ctx.now().getTime() - 1000).toISOString() } });
  }],
  ['nothing: the app keeps its secret', 'app', undefined],
  ['the developer deletes the app', 'app', async ({ data }) => {
    await data.owner.delete(`/integrations/developer/apps/${data.appId}`).expect(200);
  }],
];

it.each(CASES)('%s: the stream of a subscription made with its credentials %s', async (_what, as, revoke) => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  await setAccess({ owner: data.owner, appId: data.appId, access: { read: 'authenticated', write: 'owner' } });
  const token = await installToken({ app: t.app, ctx: t.ctx, appId: data.appId, appSecret: data.appSecret });
  const authorization = as === 'token' ? `Bearer ${token}` : basic(data.appId, data.appSecret);
  const stream: LiveStream = await openLive({ base: base(), appId: data.appId });
  await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', authorization) }).expect(200);
  await revoke?.({ t, data, token });
  if (revoke) {
    const closed = await stream.next((e) => e.event === 'close', 5000);
    expect(closed.data.reason).toBe(REVOKED_MESSAGE);
    await stream.ended();
    return;
  }
  // Several rechecks later, the stream is open and still gets what its caller may read.
  await new Promise((resolve) => setTimeout(resolve, 800));
  const doc = await createDocument({ ctx: t.ctx, appId: data.appId, name: 'products', input: { title: 'Still here' }, view: 'owner' });
  await stream.next((e) => (e.data.document as { _id?: string } | undefined)?._id === doc._id, 5000);
  expect(stream.events.filter((e) => e.event === 'close')).toEqual([]);
  stream.close();
});
