// Streams nobody subscribed cost little and not for long (issue 36, item 4): one address holds at
// most maxConnectionsPerAddress streams of an app (IPv6 counted by its /64), so it cannot take the
// app's whole cap from a client elsewhere; a stream with no subscription closes after
// subscribeGraceMs; and opening one writes nothing to the store (its client is stored by the
// first subscription). Before, 300 streams from one address held the app's cap for an hour.
import request from 'supertest';
import type { Collection, Doc } from '../../server/storage/port';
import { basic, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import { addressConnectionsMessage, noSubscriptionMessage, openStreams } from '../../server/services/database/live/hub';
import { liveClients } from '../../server/services/database/live/model';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';
import type { LiveStream } from './sse-client';

// Long enough for a loaded machine to open and subscribe a stream within it.
const GRACE_MS = 2000;
const PER_ADDRESS = 4;

const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('per address', () => {
  const { t, base } = liveApp({ maxConnectionsPerApp: 8, maxConnectionsPerAddress: PER_ADDRESS }, { trustProxy: true });

  it.each([
    { scenario: 'IPv4', attacker: ['203.0.113.7'], elsewhere: '198.51.100.20' },
    { scenario: 'IPv6, counted by its /64', attacker: ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:abcd::9'], elsewhere: '2001:db8:1:3::1' },
  ])('$scenario: anonymous streams from one address stop at its cap, and a client at another address still gets one', async ({ attacker, elsewhere }) => {
    const { appId } = await dataApp({ app: t.app, ctx: t.ctx });
    const opened: LiveStream[] = [];
    for (let n = 0; n < 10; n += 1) opened.push(await openLive({ base: base(), appId, headers: from(attacker[n % attacker.length]) }));
    expect(opened.map((stream) => stream.status)).toEqual([...Array<number>(PER_ADDRESS).fill(200), ...Array<number>(10 - PER_ADDRESS).fill(429)]);
    const refused = await request(t.app).get(`/api/v1/data/${appId}/live`).set(from(attacker[0])).expect(429);
    expect(refused.body.message).toBe(addressConnectionsMessage(PER_ADDRESS));
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    const other = await openLive({ base: base(), appId, headers: from(elsewhere) });
    expect(other.status).toBe(200);
    for (const stream of [...opened, other]) stream.close();
  });
});

describe('the grace for a first subscription', () => {
  const { t, base } = liveApp({ subscribeGraceMs: GRACE_MS });

  it('closes a stream nobody subscribed once the grace is over, with the reason, and frees its place; a subscribed stream stays', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await setAccess({ owner: data.owner, appId: data.appId, access: { read: 'public', write: 'owner' } });
    const idle = await openLive({ base: base(), appId: data.appId });
    const followed = await openLive({ base: base(), appId: data.appId });
    await subscribe({ t, appId: data.appId, clientId: followed.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const closed = await idle.next((e) => e.event === 'close', 10_000);
    expect(closed.data).toEqual({ reason: noSubscriptionMessage(GRACE_MS) });
    await idle.ended();
    expect(openStreams({ store: t.ctx.store, appId: data.appId })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    await request(t.app).post(documentsPath(data.appId)).set('Authorization', basic(data.appId, data.appSecret)).send({ title: 'Lamp' }).expect(201);
    await followed.next((e) => e.event === 'created');
    expect(followed.events.some((e) => e.event === 'close')).toBe(false);
    followed.close();
  });

  it('an emptied subscription set starts the grace again', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const stream = await openLive({ base: base(), appId: data.appId });
    const asApp = (path: string) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret));
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: asApp }).expect(200);
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [], via: asApp }).expect(200);
    expect((await stream.next((e) => e.event === 'close', 10_000)).data).toEqual({ reason: noSubscriptionMessage(GRACE_MS) });
  });
});

describe('the store', () => {
  const { t, base } = liveApp();

  /** The names of the store's collections written while `run` runs. */
  async function writesDuring(run: () => Promise<void>): Promise<string[]> {
    const writes: string[] = [];
    const store = t.ctx.store;
    const open = store.collection.bind(store);
    const kinds = ['insertOne', 'insertMany', 'insertEach', 'updateOne', 'updateMany', 'findOneAndUpdate', 'findOneAndDelete', 'deleteOne', 'deleteMany'] as const;
    const spy = jest.spyOn(store, 'collection').mockImplementation(<T extends Doc>(name: string, options?: object) => {
      const collection: Collection<T> = open<T>(name, options);
      const watched = { ...collection };
      for (const kind of kinds) Object.assign(watched, { [kind]: (...args: unknown[]) => (writes.push(`${name}.${kind}`), (collection[kind] as (...a: unknown[]) => unknown)(...args)) });
      return watched;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return writes;
  }

  it('opening and closing anonymous streams writes nothing; the first subscription stores the client, and its stream\'s end removes it', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    let held: LiveStream | undefined;
    const opening = await writesDuring(async () => {
      const streams = await Promise.all(Array.from({ length: 3 }, () => openLive({ base: base(), appId: data.appId })));
      streams[0].close();
      for (let waited = 0; openStreams({ store: t.ctx.store, appId: data.appId }) > 2 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      streams[1].close();
      held = streams[2];
    });
    const clientId = held?.clientId() ?? '';
    expect(opening).toEqual([]);
    expect(await liveClients(t.ctx).findOne({ _id: clientId })).toBeNull();
    await subscribe({ t, appId: data.appId, clientId, subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret)) }).expect(200);
    expect(await liveClients(t.ctx).findOne({ _id: clientId })).toMatchObject({ appId: data.appId, owner: 'app', version: 1 });
    held?.close();
    for (let waited = 0; (await liveClients(t.ctx).findOne({ _id: clientId })) && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await liveClients(t.ctx).findOne({ _id: clientId })).toBeNull();
  });
});
