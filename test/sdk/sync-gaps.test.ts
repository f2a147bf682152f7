// Offline-first sync's edges against the real server (sync-harness.ts): a query followed after a
// resumed stream connected catches up, a record re-created after a remote delete, a write the server
// refuses, and the bounds of the queue and of the conflicts kept.
import { dataApp } from '../database-public/fixtures';
import type { Conflict } from '../../sdk/src/index.ts';
import { MAX_CONFLICTS, MAX_QUEUED_WRITES } from '../../sdk/src/sync/store.ts';
import { syncHarness } from './sync-harness';

const { t, errors, goOffline, comeBack, syncOf, until, view, serverCreate, serverUpdate, serverDelete, serverList } = syncHarness();

describe('a resumed session', () => {
  it('lists a query followed after its stream connected, and one not followed in the previous session, so changes made while away show', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const cheap = await serverCreate(data, { title: 'Cheap', price: 1 });
    const dear = await serverCreate(data, { title: 'Dear', price: 2 });
    // The first session keeps both queries; the second only the cheap one, so the dear one's copy goes stale.
    const first = syncOf({ data });
    const one = view();
    const two = view();
    await first.sync.follow('products', { price: 1 }, one.onChange);
    await first.sync.follow('products', { price: 2 }, two.onChange);
    await until(() => one.titles().join() === 'Cheap' && two.titles().join() === 'Dear');
    first.sync.close();
    first.client.close();
    const second = syncOf({ data, store: first.store });
    const cheapOnly = view();
    await second.sync.follow('products', { price: 1 }, cheapOnly.onChange);
    await until(() => cheapOnly.titles().join() === 'Cheap');
    await serverUpdate(data, cheap._id, { title: 'Cheaper' });
    await until(() => cheapOnly.titles().join() === 'Cheaper');
    second.sync.close();
    second.client.close();
    // While away: both queries change.
    await serverUpdate(data, dear._id, { title: 'Dearer' });
    await serverCreate(data, { title: 'Dearest', price: 2 });
    await serverCreate(data, { title: 'Cheapest', price: 1 });
    const third = syncOf({ data, store: first.store });
    const again = view();
    await third.sync.follow('products', { price: 1 }, again.onChange);
    await until(() => again.titles().join() === 'Cheaper,Cheapest');
    // Followed after the stream connected, and not kept by the previous session: listed, not left stale.
    const late = view();
    await third.sync.follow('products', { price: 2 }, late.onChange);
    await until(() => late.titles().join() === 'Dearer,Dearest');
  });

  it('lists a query the previous session kept when it is followed after the stream connected', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await serverCreate(data, { title: 'Cheap', price: 1 });
    await serverCreate(data, { title: 'Dear', price: 2 });
    const first = syncOf({ data });
    const one = view();
    const two = view();
    await first.sync.follow('products', { price: 1 }, one.onChange);
    await first.sync.follow('products', { price: 2 }, two.onChange);
    await until(() => one.titles().join() === 'Cheap' && two.titles().join() === 'Dear');
    first.sync.close();
    first.client.close();
    await serverCreate(data, { title: 'Dearer', price: 2 });
    const second = syncOf({ data, store: first.store });
    const cheap = view();
    await second.sync.follow('products', { price: 1 }, cheap.onChange);
    await until(() => cheap.titles().join() === 'Cheap');
    await until(async () => (await second.store.getMeta<{ keys: string[] }>('carried'))?.keys.length === 1);
    const dear = view();
    await second.sync.follow('products', { price: 2 }, dear.onChange);
    await until(() => dear.titles().join() === 'Dear,Dearer');
  });
});

describe('writes', () => {
  it('a record created again under its id after another device deleted it is created, not reported', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30 });
    const { sync } = syncOf({ data });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.titles().join() === 'Lamp');
    await serverDelete(data, lamp._id);
    await until(() => seen.titles().length === 0);
    await goOffline();
    await sync.collection('products').create({ _id: lamp._id, title: 'Lamp again', price: 35 });
    expect(seen.titles()).toEqual(['Lamp again']);
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    expect((await serverList(data)).map((doc) => [doc._id, doc.title, doc.price])).toEqual([[lamp._id, 'Lamp again', 35]]);
    await until(() => seen.docs().some((doc) => doc.title === 'Lamp again' && (doc._version ?? 0) > 0));
    expect(await sync.conflicts()).toEqual([]);
  });

  it('a write the server refuses leaves the queue, the copy shows the server record again, the refusal is reported, and later writes are sent', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30, colour: 'red' });
    const reported: Conflict[] = [];
    const { sync } = syncOf({ data, onConflictReported: (conflict) => reported.push(conflict) });
    const seen = view();
    await sync.follow('products', {}, seen.onChange);
    await until(() => seen.titles().join() === 'Lamp');
    await goOffline();
    const products = sync.collection('products');
    await products.update(lamp._id, { colour: 'blue' });
    await products.create({ title: 'X' });
    await products.create({ title: 'Desk', price: 5 });
    expect(seen.docs().find((doc) => doc._id === lamp._id)).toMatchObject({ colour: 'blue' });
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    expect(seen.docs().find((doc) => doc._id === lamp._id)).toMatchObject({ colour: 'red', _version: 1 });
    await until(() => seen.titles().join() === 'Desk,Lamp');
    expect((await serverList(data)).map((doc) => doc.title).sort()).toEqual(['Desk', 'Lamp']);
    const conflicts = await sync.conflicts();
    expect(conflicts).toEqual([
      expect.objectContaining({ id: lamp._id, kind: 'refused', resolution: 'remote', local: expect.objectContaining({ colour: 'blue' }), remote: expect.objectContaining({ colour: 'red' }), message: expect.any(String) }),
      expect.objectContaining({ kind: 'refused', resolution: 'remote', local: expect.objectContaining({ title: 'X' }), remote: null, message: expect.any(String) }),
    ]);
    expect(reported).toEqual(conflicts);
    expect(errors).toEqual([]);
  });
});

describe('bounds', () => {
  it('a write past the queue bound is refused with the reason, and every write already queued stays and is sent', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const { sync, store } = syncOf({ data });
    await goOffline();
    // What a long offline spell leaves: the queue full.
    for (let n = 0; n < MAX_QUEUED_WRITES; n += 1) await store.enqueue({ collection: 'products', action: 'create', id: `p${n}`, body: { title: `Item ${n}` }, ifMatch: 0, base: null });
    await expect(sync.collection('products').create({ title: 'One more' })).rejects.toThrow(`The offline queue holds at most ${MAX_QUEUED_WRITES} writes`);
    const queued = await sync.pending();
    expect(queued.map((write) => write.id)).toEqual(Array.from({ length: MAX_QUEUED_WRITES }, (_, n) => `p${n}`));
    await comeBack();
    await sync.flush();
    await until(async () => (await sync.pending()).length === 0, 60_000);
    expect(await sync.collection('products').list({ limit: 1 })).toMatchObject({ total: MAX_QUEUED_WRITES });
  }, 90_000);

  it('past the conflicts bound the oldest goes and the newest is kept and reported', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const lamp = await serverCreate(data, { title: 'Lamp', price: 30 });
    const reported: Conflict[] = [];
    const { sync, store } = syncOf({ data, onConflictReported: (conflict) => reported.push(conflict) });
    const old = Array.from({ length: MAX_CONFLICTS }, (_, n): Conflict => ({ collection: 'products', id: `old${n}`, kind: 'update', local: null, remote: null, base: null, resolution: 'remote', at: new Date(0).toISOString() }));
    await store.setMeta('conflicts', old);
    await sync.collection('products').get(lamp._id);
    await goOffline();
    await sync.collection('products').update(lamp._id, { price: 31 });
    await serverUpdate(data, lamp._id, { price: 32 });
    await comeBack();
    await until(async () => (await sync.pending()).length === 0);
    const kept = await sync.conflicts();
    expect(kept).toHaveLength(MAX_CONFLICTS);
    expect(kept[0]?.id).toBe('old1');
    expect(kept.at(-1)).toMatchObject({ id: lamp._id, kind: 'update', resolution: 'remote', remote: expect.objectContaining({ price: 32 }) });
    expect(reported).toEqual([kept.at(-1)]);
  });
});
