// What one call of the public data API costs besides its own work (issue 18 item 3): no session,
// compression or page headers on its JSON, no store write per call for its request counts, the
// app's credentials checked once a second; and its usage counter exact on two instances with no
// lock (item 4).
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { apps } from '../../server/services/developer/model';
import { requestsThisMonth } from '../../server/services/developer/install/request-counter';
import { flushCounts } from '../../server/services/metering/shared-counts';
import { DB_USAGE, usageOf } from '../../server/services/database/quotas';
import { LOCKS } from '../../server/storage/mongo/write-lock';
import { VERIFIED_MS } from '../../server/services/database/public/verified-credentials';
import { basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';

describe('one instance', () => {
  const t = withTestApp();
  let a: DataApp;

  beforeEach(async () => {
    a = await dataApp({ app: t.app, ctx: t.ctx });
  });

  const asApp = (method: 'get' | 'post', path: string) => request(t.app)[method](path).set('Authorization', basic(a.appId, a.appSecret));

  it('answers its JSON without a session, compression or the pages\' headers, and its reference page with them', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, n) => asApp('post', documentsPath(a.appId)).send({ title: `A lamp of some length ${n}`, price: n }).expect(201)));
    const list = await asApp('get', `${documentsPath(a.appId)}?limit=20`).set('Accept-Encoding', 'gzip').set('Cookie', 'nindo.sid=s%3Aforged.sig').expect(200);
    expect(list.text.length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
    expect(list.headers['set-cookie']).toBeUndefined();
    expect(list.headers['content-security-policy']).toBeUndefined();
    expect(list.headers['x-frame-options']).toBeUndefined();
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    const docs = await request(t.app).get(`/api/v1/data/${a.appId}/docs`).expect(200);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('writes the app\'s request count for a burst of calls at most every quarter second, the rest at the next flush', async () => {
    await Promise.all(Array.from({ length: 20 }, () => asApp('get', documentsPath(a.appId)).expect(200)));
    expect(await requestsThisMonth({ ctx: t.ctx, appId: a.appId })).toBeLessThan(20);
    await flushCounts({ ctx: t.ctx });
    expect(await requestsThisMonth({ ctx: t.ctx, appId: a.appId })).toBe(20);
  });

  it(`checks the app's credentials again after ${VERIFIED_MS} ms: a deleted app's open its data no longer`, async () => {
    await asApp('get', documentsPath(a.appId)).expect(200);
    await apps(t.ctx).deleteOne({ _id: a.appId });
    await asApp('get', documentsPath(a.appId)).expect(200);
    t.advance(VERIFIED_MS);
    const res = await asApp('get', documentsPath(a.appId)).expect(404);
    expect(res.body.message).toBe('App not found');
  });
});

describe('two instances on one store', () => {
  const QUOTA = 12;
  const pair = twoInstancesOnOneStore({ prefix: 'nindo-two-instances-', config: { dataQuotas: { documents: QUOTA, bytes: 1_000_000, requestsPerMonth: 1000, requestsPerMinute: 500 } } });

  it("let exactly the document quota in when creates race past it through both, a dead writer's lock on the usage left behind", async () => {
    const a = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    // What an instance killed while writing the counter under FerretDB's write lock would leave (SQLite has no such lock).
    if (pair.one.ctx.store.engine === 'mongodb') await pair.one.ctx.store.collection(LOCKS).insertOne({ _id: DB_USAGE, token: 'killed-instance', expires: Date.now() + 30_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        request((n % 2 ? pair.one : pair.two).app)
          .post(documentsPath(a.appId))
          .set('Authorization', basic(a.appId, a.appSecret))
          .send({ title: `Item ${n}` }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(QUOTA);
    expect(answers.filter((res) => res.status === 403)).toHaveLength(20 - QUOTA);
    expect((await usageOf({ ctx: pair.two.ctx, appId: a.appId })).documents).toBe(QUOTA);
  });
});
