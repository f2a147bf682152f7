// The poll reads the change log once for every app an instance holds streams of, not once per app
// (docs/public-data-api.md, "Two instances", "One read per poll"), and still hands on the other
// instance's writes, also one stored late, behind where its reads stand.
import request from 'supertest';
import type { Server } from 'node:http';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { basic, dataApp } from '../database-public/fixtures';
import { closeHub } from '../../server/services/database/live/hub';
import { bucketOf, changeId, changeLog, DB_CHANGES } from '../../server/services/database/live/model';
import { SWEEP_EVERY_MS } from '../../server/services/database/live/tail-across-apps';
import type { Collection, Doc, Store } from '../../server/storage/port';
import { listen, openLive } from './sse-client';
import type { LiveEvent, LiveStream } from './sse-client';

const POLL_MS = 100;
const LIVE = { maxConnectionsPerApp: 100, maxConnectionsPerAddress: 100, subscribeGraceMs: 30_000, maxBufferBytes: 1 << 20, heartbeatMs: 15_000, retentionMs: 3_600_000, maxEntriesPerApp: 100_000, pollMs: POLL_MS, gapHoldMs: 1000, recheckMs: 30_000 };
const APPS = 12;

/** Counts the reads of the change log made through `store` from now on. */
function countChangeLogReads(store: Store): { reads: () => number } {
  let reads = 0;
  const collection = store.collection.bind(store);
  store.collection = <T extends Doc>(name: string, options?: Parameters<Store['collection']>[1]): Collection<T> => {
    const inner = collection<T>(name, options);
    if (name !== DB_CHANGES) return inner;
    return { ...inner, find: (...args) => ((reads += 1), inner.find(...args)), findOne: (...args) => ((reads += 1), inner.findOne(...args)) };
  };
  return { reads: () => reads };
}

describe('the live tail across apps', () => {
  let server: Server | undefined;
  let base = '';
  const streams: LiveStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    closeHub({ store: pair.two.ctx.store, reason: 'test over' });
    await new Promise((resolve) => server?.close(resolve));
  });
  const pair = twoInstancesOnOneStore({ prefix: 'nindo-live-across-', config: { live: LIVE } });
  beforeEach(async () => {
    ({ server, base } = await listen(pair.two.app));
  });

  it(`an instance idle with streams of ${APPS} apps reads the log about once per poll, and a write through the other still reaches its stream`, async () => {
    const apps = [];
    for (let n = 0; n < APPS; n += 1) apps.push(await dataApp({ app: pair.one.app, ctx: pair.one.ctx }));
    for (const { appId, appSecret } of apps) {
      const stream = await openLive({ base, appId });
      streams.push(stream);
      await request(pair.one.app).post(`/api/v1/data/${appId}/live`).set('Authorization', basic(appId, appSecret)).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
    const counter = countChangeLogReads(pair.two.ctx.store);
    const idleMs = 1000;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const polls = idleMs / POLL_MS;
    // One per app per poll before: APPS × polls.
    expect(counter.reads()).toBeLessThanOrEqual(polls * 1.5);
    expect(counter.reads()).toBeGreaterThanOrEqual(polls / 2);

    const last = apps[APPS - 1];
    await request(pair.one.app).post(`/api/v1/data/${last.appId}/collections/products/documents`).set('Authorization', basic(last.appId, last.appSecret)).send({ title: 'Across' }).expect(201);
    const event = await streams[APPS - 1].next((e) => e.event === 'created', 5000);
    expect((event.data.document as { title: string }).title).toBe('Across');
  });

  it('an entry stored late with an `at` behind the newest the poll has seen, but within the overlap, still reaches the stream on the other instance', async () => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const stream = await openLive({ base, appId });
    streams.push(stream);
    await request(pair.one.app).post(`/api/v1/data/${appId}/live`).set('Authorization', basic(appId, appSecret)).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    await request(pair.one.app).post(`/api/v1/data/${appId}/collections/products/documents`).set('Authorization', basic(appId, appSecret)).send({ title: 'On time' }).expect(201);
    await stream.next((e) => e.event === 'created', 5000);
    // A few polls on: the reads now start just before this entry's `at`.
    await new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));
    const [onTime] = await changeLog(pair.one.ctx).find({ appId }, { sort: { seq: -1 }, limit: 1 });
    const seq = onTime.seq + 1;
    const at = new Date(Date.parse(onTime.at) - 2000).toISOString();
    await changeLog(pair.one.ctx).insertOne({ ...onTime, _id: changeId({ appId, seq }), seq, at, bucket: bucketOf(at), docId: 'late', doc: { ...onTime.doc, _id: 'late', title: 'Late' } });
    const title = (e: LiveEvent): string | undefined => (e.data.document as { title?: string } | undefined)?.title;
    const event = await stream.next((e) => e.event === 'created' && title(e) === 'Late', SWEEP_EVERY_MS + 3000);
    expect(event.id).toBe(String(seq));
  });
  it('when the read across apps fails (a time limit on a slow store), each app reads its own log and the change still arrives', async () => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const stream = await openLive({ base, appId });
    streams.push(stream);
    await request(pair.one.app).post(`/api/v1/data/${appId}/live`).set('Authorization', basic(appId, appSecret)).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const { store } = pair.two.ctx;
    const collection = store.collection.bind(store);
    let refused = 0;
    store.collection = <T extends Doc>(name: string, options?: Parameters<Store['collection']>[1]): Collection<T> => {
      const inner = collection<T>(name, options);
      if (name !== DB_CHANGES) return inner;
      const find: Collection<T>['find'] = (filter, findOptions) => {
        if (filter && 'at' in filter) {
          refused += 1;
          return Promise.reject(new Error('operation exceeded time limit'));
        }
        return inner.find(filter, findOptions);
      };
      return { ...inner, find };
    };
    try {
      await request(pair.one.app).post(`/api/v1/data/${appId}/collections/products/documents`).set('Authorization', basic(appId, appSecret)).send({ title: 'Anyway' }).expect(201);
      const event = await stream.next((e) => e.event === 'created', 5000);
      expect((event.data.document as { title: string }).title).toBe('Anyway');
      expect(refused).toBeGreaterThan(0);
    } finally {
      store.collection = collection;
    }
  });
});
