// What the local copy keeps (docs/sdk.md, "Offline-first sync", limits), against the real server
// (sync-harness.ts): an unfollowed query leaves with the records nothing else holds, records gone
// from a query while it was not followed leave when it is listed again, and reads are bounded.
import { dataApp } from '../database-public/fixtures';
import type { NindoDocument } from '../../sdk/src/index.ts';
import { MAX_READ_RECORDS, MAX_STORED_QUERIES } from '../../sdk/src/sync/store.ts';
import { queryKey } from '../../sdk/src/sync/follow.ts';
import { syncHarness } from './sync-harness';

const { t, goOffline, syncOf, until, view, serverCreate, serverUpdate, serverDelete } = syncHarness();

describe('the local copy', () => {
  it('on unfollow drops the query and its records no other followed query holds and no waiting write touches', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await serverCreate(data, { title: 'Both', price: 1, colour: 'red' });
    const edited = await serverCreate(data, { title: 'Edited', price: 1 });
    const onlyCheap = await serverCreate(data, { title: 'Only cheap', price: 1 });
    await serverCreate(data, { title: 'Only red', price: 2, colour: 'red' });
    const { sync, store } = syncOf({ data });
    const cheap = view();
    const red = view();
    const stopCheap = await sync.follow('products', { price: 1 }, cheap.onChange);
    const stopRed = await sync.follow('products', { colour: 'red' }, red.onChange);
    await until(() => cheap.docs().length === 3 && red.docs().length === 2);
    // A write still waiting (as a reload finds it before the replay ran).
    await store.enqueue({ collection: 'products', action: 'update', id: edited._id, body: { price: 3 }, ifMatch: 1, base: edited });
    const held = async (): Promise<string[]> => (await store.records('products')).map((doc: NindoDocument) => String(doc.title)).sort();
    await stopCheap();
    expect(await held()).toEqual(['Both', 'Edited', 'Only red']);
    expect(await store.getRecord('products', onlyCheap._id)).toBeUndefined();
    await stopRed();
    expect(await held()).toEqual(['Edited']);
    expect(await store.queryKeys()).toEqual([]);
  });

  it('a query listed again drops the records deleted or changed out of it while it was not followed', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const gone = await serverCreate(data, { title: 'Gone', price: 1 });
    const moved = await serverCreate(data, { title: 'Moved', price: 1 });
    await serverCreate(data, { title: 'Stays', price: 1 });
    const first = syncOf({ data });
    const seen = view();
    await first.sync.follow('products', { price: 1 }, seen.onChange);
    await until(() => seen.docs().length === 3);
    first.sync.close();
    first.client.close();
    await serverDelete(data, gone._id);
    await serverUpdate(data, moved._id, { price: 9 });
    // A session that does not resume its stream lists the query.
    const second = syncOf({ data, store: first.store, resume: false });
    const again = view();
    await second.sync.follow('products', { price: 1 }, again.onChange);
    await until(() => again.titles().join() === 'Stays');
    expect((await first.store.records('products')).map((doc) => doc.title)).toEqual(['Stays']);
  });

  it('a record a change takes out of the only followed query holding it is dropped', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 1 });
    const { sync, store } = syncOf({ data });
    const seen = view();
    await sync.follow('products', { price: 1 }, seen.onChange);
    await until(() => seen.titles().join() === 'Lamp');
    await serverUpdate(data, lamp._id, { price: 2 });
    await until(() => seen.titles().length === 0);
    await until(async () => (await store.getRecord('products', lamp._id)) === undefined);
  });

  it('keeps the last records read by list and get up to the bound, and drops one get finds deleted', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 1 });
    const desk = await serverCreate(data, { title: 'Desk', price: 2 });
    const { sync, store } = syncOf({ data });
    const products = sync.collection('products');
    // Reads made before: the bound reached with records read longest ago.
    const earlier = Array.from({ length: MAX_READ_RECORDS }, (_, n): NindoDocument => ({ _id: `r${n}`, _version: 1, title: `Read ${n}` }));
    await store.putRecords('products', earlier);
    await store.setMeta('read:products', earlier.map((doc) => doc._id));
    await products.list({ query: { price: 1 } });
    await products.get(desk._id);
    expect(await store.getRecord('products', 'r0')).toBeUndefined();
    expect(await store.getRecord('products', 'r1')).toBeUndefined();
    expect(await store.getRecord('products', 'r2')).toMatchObject({ title: 'Read 2' });
    expect((await store.records('products')).length).toBe(MAX_READ_RECORDS);
    await serverDelete(data, lamp._id);
    await expect(products.get(lamp._id)).rejects.toMatchObject({ status: 404 });
    expect(await store.getRecord('products', lamp._id)).toBeUndefined();
    await goOffline();
    expect(await products.get(desk._id)).toMatchObject({ title: 'Desk' });
  });

  it('past the bound of stored queries drops those not followed now, with their records', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await serverCreate(data, { title: 'Lamp', price: 1 });
    const { sync, store } = syncOf({ data });
    // Queries earlier sessions followed and never unfollowed (their pages closed).
    for (let n = 0; n < MAX_STORED_QUERIES; n += 1) {
      await store.putRecords('products', [{ _id: `old${n}`, _version: 1, title: `Old ${n}` }]);
      await store.setQueryIds(queryKey('products', { price: 100 + n }), [`old${n}`]);
    }
    const seen = view();
    await sync.follow('products', { price: 1 }, seen.onChange);
    await until(async () => (await store.queryKeys()).length === 1);
    expect(await store.queryKeys()).toEqual([queryKey('products', { price: 1 })]);
    expect((await store.records('products')).map((doc) => doc.title)).toEqual(['Lamp']);
  });
});
