// Live changes across instances on one store (docs/public-data-api.md, "Live changes", "Two
// instances"): a stream held by one instance gets writes made through the other, and subscriptions
// POSTed to the other, by reading the store's change log and clients; nothing is sent between them.
import request from 'supertest';
import type { Server } from 'node:http';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { basic, dataApp } from '../database-public/fixtures';
import { closeHub } from '../../server/services/database/live/hub';
import { listen, openLive } from './sse-client';

const LIVE = { maxConnectionsPerApp: 100, maxConnectionsPerAddress: 100, subscribeGraceMs: 30_000, maxBufferBytes: 1 << 20, heartbeatMs: 15_000, retentionMs: 3_600_000, maxEntriesPerApp: 100_000, pollMs: 100, gapHoldMs: 1000, recheckMs: 30_000 };

describe('two instances on one store', () => {
  let server: Server | undefined;
  let base = '';
  afterEach(async () => {
    closeHub({ store: pair.two.ctx.store, reason: 'test over' });
    await new Promise((resolve) => server?.close(resolve));
  });
  const pair = twoInstancesOnOneStore({ prefix: 'nindo-live-two-', config: { live: LIVE } });
  beforeEach(async () => {
    ({ server, base } = await listen(pair.two.app));
  });

  it('a stream on B, subscribed through A, gets the writes made through A, in order, once each', async () => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const stream = await openLive({ base, appId });
    await request(pair.one.app).post(`/api/v1/data/${appId}/live`).set('Authorization', basic(appId, appSecret)).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const sent: { title: string; at: number }[] = [];
    for (let n = 0; n < 10; n += 1) {
      const title = `Item ${n}`;
      sent.push({ title, at: performance.now() });
      await request(pair.one.app).post(`/api/v1/data/${appId}/collections/products/documents`).set('Authorization', basic(appId, appSecret)).send({ title }).expect(201);
    }
    await stream.next((e) => (e.data.document as { title?: string } | undefined)?.title === 'Item 9', 5000);
    const created = stream.events.filter((e) => e.event === 'created');
    expect(created.map((e) => (e.data.document as { title: string }).title)).toEqual(sent.map((s) => s.title));
    expect(created.map((e) => Number(e.id))).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
    stream.close();
  });

  it('writes through both at once reach a stream on B each once, in seq order (fillers between them reach nobody)', async () => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const stream = await openLive({ base, appId });
    await request(pair.two.app).post(`/api/v1/data/${appId}/live`).set('Authorization', basic(appId, appSecret)).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const write = (app: typeof pair.one.app, title: string) => request(app).post(`/api/v1/data/${appId}/collections/products/documents`).set('Authorization', basic(appId, appSecret)).send({ title }).expect(201);
    await Promise.all(Array.from({ length: 15 }, (_, n) => [write(pair.one.app, `One ${n}`), write(pair.two.app, `Two ${n}`)]).flat());
    await stream.next(() => stream.events.filter((e) => e.event === 'created').length === 30, 5000);
    const created = stream.events.filter((e) => e.event === 'created');
    const ids = created.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(30);
    expect(created.map((e) => (e.data as { document: { title: string } }).document.title).sort()).toEqual(Array.from({ length: 15 }, (_, n) => [`One ${n}`, `Two ${n}`]).flat().sort());
    stream.close();
  });
});
