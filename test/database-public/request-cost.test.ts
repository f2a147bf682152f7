// What one call of the public data API costs besides its own work (issue 18 item 3): no session,
// compression or page headers on its JSON, no store write per call for its request counts, the
// app's credentials checked once a second; and its usage counter exact on two instances with no
// lock (item 4), judged without a store write (issue 30 item 3).
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { apps } from '../../server/services/developer/model';
import { requestsThisMonth } from '../../server/services/developer/install/request-counter';
import { flushCounts, FLUSH_MS } from '../../server/services/metering/shared-counts';
import { DB_USAGE, usageOf } from '../../server/services/database/quotas';
import { FRESH_MS } from '../../server/services/database/usage-ledger';
import { DB_CHANGES } from '../../server/services/database/live/model';
import type { TestApp } from '../helpers/test-app';
import { LOCKS } from '../../server/storage/mongo/write-lock';
import { DB_REQUEST_WINDOWS } from '../../server/services/database/public/request-limits';
import { APP_REQUEST_COUNTERS } from '../../server/services/developer/install/model';
import { VERIFIED_MS } from '../../server/services/database/public/verified-credentials';
import { DB_COLLECTIONS } from '../../server/services/database/model';
import { COLLECTION_FRESH_MS } from '../../server/services/database/collections';
import { basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';

/** The collections a public call's metering writes: the usage versions and the request counts. */
const METERING = [DB_USAGE, DB_REQUEST_WINDOWS, APP_REQUEST_COUNTERS];
const WRITES = new Set(['insertOne', 'insertMany', 'insertEach', 'updateOne', 'updateMany', 'findOneAndUpdate', 'findOneAndDelete', 'deleteOne', 'deleteMany']);

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

  /**
   * Runs `run` through a wrapper around the real store; answers the collections of the writes made
   * meanwhile, in order. `hold`: every write to the metering collections waits until it is over.
   */
  async function storeWrites({ run, hold }: { run: () => Promise<unknown>; hold: boolean }): Promise<string[]> {
    const writes: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const collection = t.ctx.store.collection.bind(t.ctx.store);
    const spy = jest.spyOn(t.ctx.store, 'collection').mockImplementation((name) => {
      const real = collection(name);
      const get = (target: typeof real, key: string | symbol): unknown => {
        const value: unknown = Reflect.get(target, key);
        if (typeof key !== 'string' || !WRITES.has(key) || typeof value !== 'function') return value;
        writes.push(name);
        return async (...args: unknown[]): Promise<unknown> => {
          if (hold && METERING.includes(name)) await held;
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      };
      return new Proxy(real, { get });
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
      release();
    }
    return writes;
  }

  it('answers a public create, update and delete having written the document and its change-log entry alone: the usage and request counts follow in the background', async () => {
    const path = documentsPath(a.appId);
    // The month's and the minute's request totals are read (the first call of a period waits for that read).
    await asApp('get', path).expect(200);
    const asAppTo = (method: 'put' | 'delete', id: string) => request(t.app)[method](`${path}/${id}`).set('Authorization', basic(a.appId, a.appSecret));
    let id = '';
    const run = async (): Promise<void> => {
      id = (await asApp('post', path).send({ title: 'A lamp', price: 1 }).expect(201)).body.data._id as string;
      await asAppTo('put', id).send({ title: 'A longer lamp' }).expect(200);
      await asAppTo('delete', id).expect(200);
    };
    const writes = (await storeWrites({ run, hold: true })).filter((name) => !METERING.includes(name));
    // The change log's entry is the one write live changes add (docs/public-data-api.md, "Live changes").
    expect(writes.filter((name) => name !== DB_CHANGES)).toHaveLength(3);
    expect(new Set(writes.filter((name) => name !== DB_CHANGES)).size).toBe(1);
    expect(writes.filter((name) => name === DB_CHANGES)).toHaveLength(3);
    expect(await usageOf({ ctx: t.ctx, appId: a.appId })).toEqual({ documents: 0, bytes: 0 });
  });

  it('reads the collection\'s definition at most once for a public create, read, count, update and delete: the one its admission read (each a COLLECTION_FRESH_MS after the last)', async () => {
    const path = documentsPath(a.appId);
    const id = (await asApp('post', path).send({ title: 'A lamp', price: 1 }).expect(201)).body.data._id as string;
    const asAppTo = (method: 'get' | 'put' | 'delete', to: string) => request(t.app)[method](to).set('Authorization', basic(a.appId, a.appSecret));
    const calls: [string, () => Promise<unknown>][] = [
      ['create', () => asApp('post', path).send({ title: 'Another lamp', price: 2 }).expect(201)],
      ['read', () => asAppTo('get', `${path}/${id}`).expect(200)],
      ['count', () => asAppTo('get', path.replace(/\/documents$/, '/count')).expect(200)],
      ['update', () => asAppTo('put', `${path}/${id}`).send({ title: 'A longer lamp' }).expect(200)],
      ['delete', () => asAppTo('delete', `${path}/${id}`).expect(200)],
    ];
    const reads: Record<string, number> = {};
    const collection = t.ctx.store.collection.bind(t.ctx.store);
    for (const [label, call] of calls) {
      // Past the time a process answers with a definition it read (freshCollection), so the admission reads it again.
      t.advance(COLLECTION_FRESH_MS);
      let found = 0;
      const spy = jest.spyOn(t.ctx.store, 'collection').mockImplementation((name) => {
        const real = collection(name);
        if (name !== DB_COLLECTIONS) return real;
        return new Proxy(real, { get: (target, key) => (key === 'findOne' ? (...args: Parameters<typeof real.findOne>) => ((found += 1), target.findOne(...args)) : Reflect.get(target, key)) });
      });
      try {
        await call();
      } finally {
        spy.mockRestore();
      }
      reads[label] = found;
    }
    expect(reads).toEqual({ create: 1, read: 1, count: 1, update: 1, delete: 1 });
  });

  it('writes the app\'s request count for a burst of calls at most every quarter second, the rest at the next flush', async () => {
    const started = performance.now();
    const run = () => Promise.all(Array.from({ length: 20 }, () => asApp('get', documentsPath(a.appId)).expect(200)));
    const writes = await storeWrites({ run, hold: false });
    // The first call reads the month's total and writes nothing; a flush starts once a quarter second has passed since.
    const quarters = Math.floor((performance.now() - started) / FLUSH_MS);
    expect(writes.filter((name) => name === APP_REQUEST_COUNTERS).length).toBeLessThanOrEqual(quarters);
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

  const create = (instance: TestApp, a: DataApp, n: number) => request(instance.app).post(documentsPath(a.appId)).set('Authorization', basic(a.appId, a.appSecret)).send({ title: `Item ${n}` });

  it("pass the document quota by at most the room each instance saw when creates race through both (counted exactly, a dead writer's lock on the usage left behind), then refuse every create", async () => {
    const a = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    // What an instance killed while writing the counter under FerretDB's write lock would leave (SQLite has no such lock).
    if (pair.one.ctx.store.engine === 'mongodb') await pair.one.ctx.store.collection(LOCKS).insertOne({ _id: DB_USAGE, token: 'killed-instance', expires: Date.now() + 30_000 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => create(n % 2 ? pair.one : pair.two, a, n)));
    const admitted = answers.filter((res) => res.status === 201).length;
    // Neither saw the other's creates before judging its own: each let in the whole room (the bound, docs/public-data-api.md).
    expect(admitted).toBeGreaterThanOrEqual(QUOTA);
    expect(admitted).toBeLessThanOrEqual(2 * QUOTA);
    expect(answers.filter((res) => res.status === 403)).toHaveLength(30 - admitted);
    await usageOf({ ctx: pair.one.ctx, appId: a.appId });
    expect((await usageOf({ ctx: pair.two.ctx, appId: a.appId })).documents).toBe(admitted);
    expect((await create(pair.one, a, 30)).status).toBe(403);
    expect((await create(pair.two, a, 31)).status).toBe(403);
  });

  it(`sees the other instance's stored usage once its own is ${FRESH_MS} ms old: the quota the other filled refuses it`, async () => {
    const a = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    await create(pair.one, a, 0).expect(201);
    await Promise.all(Array.from({ length: QUOTA - 1 }, (_, n) => create(pair.two, a, n + 1).expect(201)));
    await usageOf({ ctx: pair.two.ctx, appId: a.appId });
    pair.one.advance(FRESH_MS);
    const refused = await create(pair.one, a, QUOTA).expect(403);
    expect(refused.body.message).toBe(`Document quota reached: this app may store at most ${QUOTA} documents`);
  });
});
