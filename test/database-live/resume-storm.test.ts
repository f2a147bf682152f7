// Streams resuming at once, as all of a killed instance's do on a survivor (docs/public-data-api.md,
// "An unsubscribed stream costs little"): they share the reads of the log's ends, and the
// subscribe grace runs from each stream's connect, so a store slow to answer those reads cannot
// close streams before their clients could subscribe. Before, 1,000 SDK clients resuming on a
// loaded FerretDB had their connects held past the grace, reconnected, and did so again and again.
import request from 'supertest';
import { basic, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { DB_CHANGES } from '../../server/services/database/live/model';
import type { Collection, Doc, Store } from '../../server/storage/port';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';

const GRACE_MS = 1000;
const STREAMS = 40;

/** From now on, each findOne of the change log through `store` waits `delayMs` first; answers how many there were. */
function slowLogEnds(store: Store, delayMs: number): { reads: () => number } {
  let reads = 0;
  const collection = store.collection.bind(store);
  store.collection = <T extends Doc>(name: string, options?: Parameters<Store['collection']>[1]): Collection<T> => {
    const inner = collection<T>(name, options);
    if (name !== DB_CHANGES) return inner;
    const findOne: Collection<T>['findOne'] = async (filter, findOptions) => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return inner.findOne(filter, findOptions);
    };
    return { ...inner, findOne };
  };
  return { reads: () => reads };
}

describe('streams resuming at once', () => {
  const { t, base } = liveApp({ subscribeGraceMs: GRACE_MS, maxConnectionsPerApp: STREAMS + 10, maxConnectionsPerAddress: STREAMS + 10 });

  async function appWithThree(): Promise<DataApp> {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await setAccess({ owner: data.owner, appId: data.appId, access: { read: 'public', write: 'owner' } });
    for (const title of ['One', 'Two', 'Three']) await request(t.app).post(documentsPath(data.appId)).set('Authorization', basic(data.appId, data.appSecret)).send({ title }).expect(201);
    return data;
  }

  it(`${STREAMS} streams resuming from one event read the log's ends a few times between them, not twice each, and each gets what it missed`, async () => {
    const data = await appWithThree();
    // An open stream keeps the app's tail here, as the survivor's writes would.
    const holding = await openLive({ base: base(), appId: data.appId });
    await subscribe({ t, appId: data.appId, clientId: holding.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const ends = slowLogEnds(t.ctx.store, 200);
    const streams = await Promise.all(Array.from({ length: STREAMS }, () => openLive({ base: base(), appId: data.appId, lastEventId: '1' })));
    expect(ends.reads()).toBeLessThanOrEqual(4);
    await Promise.all(streams.map((stream) => subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200)));
    for (const stream of streams) expect((await stream.next((e) => e.id === '3')).event).toBe('created');
    for (const stream of [holding, ...streams]) stream.close();
  });

  it('a store slower to answer the resume than the grace closes no stream that subscribes at its connect', async () => {
    const data = await appWithThree();
    slowLogEnds(t.ctx.store, GRACE_MS + 500);
    const stream = await openLive({ base: base(), appId: data.appId, lastEventId: '1' });
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    await stream.next((e) => e.id === '3', 5000);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    expect(stream.events.some((e) => e.event === 'close')).toBe(false);
    stream.close();
  });
});
