// Offline-first sync (sdk/src/sync) against the real server on a port (sync-harness.ts): reads
// answer from the local copy, writes apply at once and replay in order, conflicts reach onConflict
// (the default merge as documented), a create sent again is not doubled, and a new session resumes
// from the stored seq.
import { dataApp } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import type { ConflictHandler, LiveEvent, NindoDocument, Sync } from '../../sdk/src/index.ts';
import { syncHarness } from './sync-harness';

const { t, requests, goOffline, comeBack, clientOf, syncOf, until, view, serverCreate, serverUpdate, serverDelete, serverList } = syncHarness();

describe('reads', () => {
  it('offline, a followed query and list and get answer from the local copy, with the filter and order applied', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30 });
    await serverCreate(data, { title: 'Desk', price: 5 });
    const { sync } = syncOf({ data });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.docs().length === 2);
    await goOffline();
    const products = sync.collection('products');
    const dear = await products.list({ query: { price: { $gte: 10 } } });
    expect(dear).toMatchObject({ total: 1, items: [{ _id: lamp._id, title: 'Lamp' }] });
    expect((await products.list({ sort: { price: 1 } })).items.map((doc) => doc.title)).toEqual(['Desk', 'Lamp']);
    expect(await products.get(lamp._id)).toMatchObject({ title: 'Lamp', _version: 1 });
    // A filter the copy cannot judge is not guessed at: the network's error stands.
    await expect(products.list({ query: { title: { $regex: 'la' } } })).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    await expect(products.get('never-read')).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });
});

describe('writes', () => {
  it('apply at once while offline, wait in the queue, and are sent in order when the connection returns', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const old = await serverCreate(data, { title: 'Old', price: 1 });
    const { sync } = syncOf({ data });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.titles().join() === 'Old');
    const watcher = clientOf(data);
    const events: LiveEvent[] = [];
    await watcher.subscribe('products', { query: {} }, (event) => events.push(event));
    await goOffline();
    const products = sync.collection('products');
    const chair = await products.create({ title: 'Chair', price: 10 });
    await products.update(chair._id, { price: 12 });
    await products.create({ title: 'Sofa' });
    await products.delete(old._id);
    expect(seen.titles()).toEqual(['Chair', 'Sofa']);
    expect(seen.docs().find((doc) => doc._id === chair._id)).toMatchObject({ price: 12 });
    expect((await sync.pending()).map((write) => write.action)).toEqual(['create', 'update', 'create', 'delete']);
    expect((await serverList(data)).map((doc) => doc.title)).toEqual(['Old']);
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    const stored = await serverList(data);
    expect(stored.map((doc) => [doc.title, doc.price ?? null, doc._version]).sort()).toEqual([
      ['Chair', 12, 2],
      ['Sofa', null, 1],
    ]);
    expect(stored.find((doc) => doc.title === 'Chair')?._id).toBe(chair._id);
    await until(() => events.length === 4);
    expect(events.map((event) => (event.type === 'reset' || event.type === 'leave' ? event.type : `${event.type} ${String(event.document.title)}`))).toEqual(['created Chair', 'updated Chair', 'created Sofa', 'deleted Old']);
    expect(seen.docs().map((doc) => [doc.title, doc._version]).sort()).toEqual([
      ['Chair', 2],
      ['Sofa', 1],
    ]);
    expect(await sync.conflicts()).toEqual([]);
  });

  it('a create sent again after its answer was lost is not doubled, nor is an update reported as a conflict', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const { sync, store } = syncOf({ data });
    const products = sync.collection('products');
    const lamp = await products.create({ title: 'Lamp', price: 3 });
    await until(async () => (await sync.pending()).length === 0);
    await products.update(lamp._id, { price: 4 });
    await until(async () => (await sync.pending()).length === 0);
    // What a reload finds when the answers never came: both writes still queued, as first sent.
    await store.enqueue({ collection: 'products', action: 'create', id: lamp._id, body: { title: 'Lamp', price: 3 }, ifMatch: 0, base: lamp });
    await store.enqueue({ collection: 'products', action: 'update', id: lamp._id, body: { price: 4 }, ifMatch: 1, base: { ...lamp, _version: 1 } });
    await sync.flush();
    expect(await sync.pending()).toEqual([]);
    expect((await serverList(data)).map((doc) => [doc._id, doc.price, doc._version])).toEqual([[lamp._id, 4, 2]]);
    expect(await sync.conflicts()).toEqual([]);
  });
});

describe('conflicts', () => {
  async function editedOnBothSides(onConflict?: ConflictHandler): Promise<{ data: DataApp; sync: Sync; lamp: NindoDocument; reported: number }> {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30, colour: 'red' });
    const { sync } = syncOf({ data, onConflict });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.docs().length === 1);
    await goOffline();
    // Here the title and the price change; meanwhile another device changes the price and the colour.
    await sync.collection('products').update(lamp._id, { title: 'Desk lamp', price: 50 });
    await serverUpdate(data, lamp._id, { price: 40, colour: 'green' });
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    return { data, sync, lamp, reported: (await sync.conflicts()).length };
  }

  it('by default sends again the fields only this side changed and keeps the server value of a field both changed, and reports it with both versions', async () => {
    const { data, sync, lamp, reported } = await editedOnBothSides();
    expect(reported).toBe(1);
    expect((await serverList(data))[0]).toMatchObject({ _id: lamp._id, title: 'Desk lamp', price: 40, colour: 'green', _version: 3 });
    const [conflict] = await sync.conflicts();
    expect(conflict).toMatchObject({
      collection: 'products',
      id: lamp._id,
      kind: 'update',
      resolution: 'merged',
      base: { title: 'Lamp', price: 30, colour: 'red', _version: 1 },
      local: { title: 'Desk lamp', price: 50, colour: 'red' },
      remote: { title: 'Lamp', price: 40, colour: 'green', _version: 2 },
    });
    await sync.dismiss(lamp._id);
    expect(await sync.conflicts()).toEqual([]);
  });

  it('hands onConflict the local, remote and base records, and sends the local edit again when it answers local', async () => {
    const asked: Parameters<ConflictHandler>[0][] = [];
    const { data, lamp, reported } = await editedOnBothSides((conflict) => {
      asked.push(conflict);
      return 'local';
    });
    expect(asked).toEqual([expect.objectContaining({ id: lamp._id, local: expect.objectContaining({ price: 50 }), remote: expect.objectContaining({ price: 40, _version: 2 }), base: expect.objectContaining({ price: 30 }) })]);
    expect(reported).toBe(1);
    expect((await serverList(data))[0]).toMatchObject({ title: 'Desk lamp', price: 50, colour: 'green', _version: 3 });
  });

  it('a delete of a record changed meanwhile keeps the server record and is reported', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30 });
    const gone = await serverCreate(data, { title: 'Gone', price: 1 });
    const { sync } = syncOf({ data });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.docs().length === 2);
    await goOffline();
    await sync.collection('products').delete(lamp._id);
    await sync.collection('products').delete(gone._id);
    expect(seen.titles()).toEqual([]);
    await serverUpdate(data, lamp._id, { price: 31 });
    await serverDelete(data, gone._id);
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    expect((await serverList(data)).map((doc) => [doc.title, doc.price])).toEqual([['Lamp', 31]]);
    expect(await sync.conflicts()).toEqual([expect.objectContaining({ id: lamp._id, kind: 'delete', resolution: 'remote', local: null, remote: expect.objectContaining({ price: 31 }) })]);
    await until(() => seen.titles().join() === 'Lamp');
  });
});

describe('a new session', () => {
  it('resumes the stream from the stored seq and gets each change it missed once, without listing again', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const kept = await serverCreate(data, { title: 'Kept', price: 1 });
    const changed = await serverCreate(data, { title: 'Changed', price: 1 });
    const first = syncOf({ data });
    const seen = view();
    await first.sync.follow('products', {}, seen.onChange);
    await until(() => seen.docs().length === 2);
    // An event stores its seq: the point the next session resumes from.
    await serverCreate(data, { title: 'Fence', price: 1 });
    await until(() => seen.docs().length === 3);
    const seq = await first.store.getMeta<number>('seq');
    expect(seq).toBeGreaterThan(0);
    first.sync.close();
    first.client.close();
    // While the page is closed.
    await serverCreate(data, { title: 'New', price: 2 });
    await serverUpdate(data, changed._id, { price: 9 });
    await serverDelete(data, kept._id);
    requests.length = 0;
    const second = syncOf({ data, store: first.store });
    const events: LiveEvent[] = [];
    // Both before the stream connects: its first POST carries both, so the replay is for both.
    const watched = second.client.subscribe('products', { query: {} }, (event) => events.push(event));
    const again = view();
    await second.sync.follow('products', {}, again.onChange);
    await watched;
    await until(() => again.titles().join() === 'Changed,Fence,New' && again.docs().find((doc) => doc.title === 'Changed')?.price === 9);
    const live = requests.filter((req) => req.method === 'GET' && req.url?.endsWith('/live'));
    expect(live.map((req) => req.headers['last-event-id'])).toEqual([String(seq)]);
    expect(requests.filter((req) => req.method === 'GET' && req.url?.includes('/documents'))).toEqual([]);
    await serverCreate(data, { title: 'After', price: 3 });
    await until(() => events.some((event) => event.type === 'created' && event.document.title === 'After'));
    const missed = events.map((event) => (event.type === 'reset' ? 'reset' : `${event.type} ${event.document._id}@${event.document._version}`));
    expect(missed).toEqual([...new Set(missed)]);
    expect(missed.slice(0, 3).map((line) => line.split(' ')[0])).toEqual(['created', 'updated', 'deleted']);
  });
});
