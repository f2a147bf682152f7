// The change log of live changes (docs/public-data-api.md, "Live changes"): every write path
// appends one entry with the app's next seq, two instances never take one number nor leave one
// out, the tail holds back past a missing number for a bounded time, and the log is bounded.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { basic, dataApp, documentsPath } from '../database-public/fixtures';
import { createDocument } from '../../server/services/database/documents';
import { changeLog, DB_CHANGES } from '../../server/services/database/live/model';
import type { ChangeDoc } from '../../server/services/database/live/model';
import { appendChange } from '../../server/services/database/live/sequence';
import { pruneChanges, readChanges } from '../../server/services/database/live/change-log';
import { takeInOrder } from '../../server/services/database/live/tail';
import type { TailPosition } from '../../server/services/database/live/tail';
import type { AppContext } from '../../server/context';
import type { Collection, CollectionOptions, Doc, Store } from '../../server/storage/port';

const entry = (appId: string, seq: number): ChangeDoc => ({ _id: `${appId}#${seq}`, appId, seq, type: 'created', collectionId: 'c', collection: 'notes', docId: `d${seq}`, at: new Date(0).toISOString() });
const log = (ctx: AppContext, appId: string) => readChanges({ ctx, appId, after: 0, limit: 2000 });

describe('every write path appends to the change log', () => {
  const t = withTestApp();

  it('gives the owner API and the public API writes one entry each, in seq order, with the document', async () => {
    const { appId, appSecret, owner } = await dataApp({ app: t.app, ctx: t.ctx });
    const created = await request(t.app).post(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).send({ title: 'Lamp', price: 5 }).expect(201);
    const docId = created.body.data._id as string;
    await owner.put(`/integrations/developer/apps/${appId}/db/collection/products/document/${docId}`).send({ price: 6 }).expect(200);
    await request(t.app).delete(`${documentsPath(appId)}/${docId}`).set('Authorization', basic(appId, appSecret)).expect(200);
    const entries = await log(t.ctx, appId);
    expect(entries.map(({ seq, type, docId: id, collection }) => ({ seq, type, id, collection }))).toEqual([
      { seq: 1, type: 'created', id: docId, collection: 'products' },
      { seq: 2, type: 'updated', id: docId, collection: 'products' },
      { seq: 3, type: 'deleted', id: docId, collection: 'products' },
    ]);
    expect(entries[1].doc).toMatchObject({ title: 'Lamp', price: 6 });
  });
});

describe('two instances on one store', () => {
  const pair = twoInstancesOnOneStore({ prefix: 'nindo-change-log-' });

  it('take every number once and leave none out: 40 writes at once through both give 40 entries, any fillers between them', async () => {
    const { appId } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const write = (ctx: AppContext, n: number) => createDocument({ ctx, appId, name: 'products', input: { title: `Item ${n}` }, view: 'public' });
    const written = await Promise.all(Array.from({ length: 20 }, (_, n) => [write(pair.one.ctx, n), write(pair.two.ctx, n + 20)]).flat());
    const entries = await log(pair.one.ctx, appId);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: entries.length }, (_, n) => n + 1));
    const changes = entries.filter((e) => e.type !== 'filler');
    expect(changes.map((e) => e.docId).sort()).toEqual(written.map((doc) => doc._id).sort());
  });
});

describe('the tail past a missing number', () => {
  const HOLD = 2000;
  const appId = 'app';
  const start: TailPosition = { head: 4 };
  const step = (entries: ChangeDoc[], position: TailPosition, now: number) => takeInOrder({ entries, position, now, holdMs: HOLD });

  it.each([
    { scenario: 'numbers in order go out at once', entries: [5, 6, 7], now: 0, out: [5, 6, 7], head: 7 },
    { scenario: '6 stored before 5: nothing goes out while 5 may still come', entries: [6, 7], now: 0, out: [], head: 4 },
  ])('$scenario', ({ entries, now, out, head }) => {
    const { ready, position } = step(entries.map((seq) => entry(appId, seq)), start, now);
    expect(ready.map((e) => e.seq)).toEqual(out);
    expect(position.head).toBe(head);
  });

  it('hands on 5 then 6 when 5 is stored within the hold', () => {
    const first = step([entry(appId, 6)], start, 0);
    expect(first.position.gap).toEqual({ seq: 5, since: 0 });
    const second = step([entry(appId, 5), entry(appId, 6)], first.position, HOLD - 1);
    expect(second.ready.map((e) => e.seq)).toEqual([5, 6]);
    expect(second.position).toEqual({ head: 6 });
  });

  it('gives 5 up once it has been missing for the hold (its writer died), and a later gap gets a hold of its own', () => {
    const held = step([entry(appId, 6), entry(appId, 8)], start, 0);
    expect(step([entry(appId, 6), entry(appId, 8)], held.position, HOLD - 1).ready).toEqual([]);
    const skipped = step([entry(appId, 6), entry(appId, 8)], held.position, HOLD);
    expect(skipped.ready.map((e) => e.seq)).toEqual([6]);
    expect(skipped.position.gap).toEqual({ seq: 7, since: HOLD });
    expect(step([entry(appId, 8)], skipped.position, 2 * HOLD).ready.map((e) => e.seq)).toEqual([8]);
  });
});

describe('bounds of the log', () => {
  const t = withTestApp({ config: {} });

  /** The test's context with some calls of the change log's collection replaced, to watch them. */
  const watchingChangeLog = (override: <T extends Doc>(collection: Collection<T>) => Partial<Collection<T>>): AppContext => {
    const { store } = t.ctx;
    const watched: Store = {
      ...store,
      collection: <T extends Doc = Doc>(name: string, options?: CollectionOptions) => {
        const collection = store.collection<T>(name, options);
        return name === DB_CHANGES ? { ...collection, ...override(collection) } : collection;
      },
    };
    return { ...t.ctx, store: watched };
  };

  it('starts after the newest stored number, even when this process has not seen it (another instance wrote it)', async () => {
    const appId = randomUUID();
    await changeLog(t.ctx).insertOne(entry(appId, 41));
    const appended = await appendChange({ ctx: t.ctx, entry: { appId, type: 'created', collectionId: 'c', collection: 'notes', at: new Date().toISOString() } });
    expect(appended.seq).toBe(42);
  });

  /** The context with every insert into the change log recorded as the numbers it held, and lookups counted. */
  const watching = (): { ctx: AppContext; inserts: number[][]; reads: { newest: number; roundTrips: number; inFlight: number } } => {
    const inserts: number[][] = [];
    const reads = { newest: 0, roundTrips: 0, inFlight: 0 };
    const seqs = (docs: Doc[]): number[] => docs.map((doc) => (doc as ChangeDoc).seq);
    const ctx = watchingChangeLog(<T extends Doc>(collection: Collection<T>): Partial<Collection<T>> => ({
      insertEach: (docs) => {
        inserts.push(seqs(docs));
        return collection.insertEach(docs);
      },
      findOne: (filter, found) => {
        if (found?.sort) reads.newest += 1;
        if (reads.inFlight === 0) reads.roundTrips += 1;
        reads.inFlight += 1;
        return collection.findOne(filter, found).finally(() => {
          reads.inFlight -= 1;
        });
      },
    }));
    return { ctx, inserts, reads };
  };
  const change = (appId: string, n: number) => ({ appId, type: 'created' as const, collectionId: 'c', collection: 'notes', docId: `d${n}`, at: new Date().toISOString() });
  /** The app's log: each number's entry, its docId or `filler`. */
  const numbers = async (appId: string): Promise<[number, string][]> => (await log(t.ctx, appId)).map((e) => [e.seq, e.type === 'filler' ? 'filler' : (e.docId ?? '')]);

  // Another instance took numbers while this process did not append. FerretDB 1.x answers a read
  // of the newest entry by reading and sorting the app's whole log while the process's next appends
  // of the app wait, so it is never read here; lookups by _id made at once count as one round trip.
  // An entry that lost a number goes again LEAD numbers further, after fillers another writer's
  // insert under way may take instead (here none does: they are stored); a gap of at most
  // MAX_FILL between a number seen stored and one seen free is filled rather than narrowed.
  it.each([
    { scenario: 'a few: the second attempt, LEAD further, is past them', taken: 3, seq: 5, fillers: [], roundTrips: 0, inserts: [[2], [3, 4, 5]] },
    { scenario: 'some tens (it won race after race): looked up, the last few numbers sent as fillers', taken: 20, seq: 29, fillers: [22, 23, 24, 25, 26, 27, 28], roundTrips: 2, inserts: [[2], [3, 4, 5], [22, 23, 24, 25, 26, 27, 28, 29]] },
    { scenario: 'a thousand: looked up', taken: 1000, seq: 1004, fillers: [1002, 1003], roundTrips: 4, inserts: [[2], [3, 4, 5], [1002, 1003, 1004]] },
  ])('takes the next free number when another instance took $scenario, never reading the newest entry', async ({ taken, seq, fillers, roundTrips, inserts }) => {
    const appId = randomUUID();
    const watched = watching();
    expect((await appendChange({ ctx: watched.ctx, entry: change(appId, 0) })).seq).toBe(1);
    await changeLog(t.ctx).insertMany(Array.from({ length: taken }, (_, n) => entry(appId, n + 2)));
    Object.assign(watched.reads, { newest: 0, roundTrips: 0 });
    watched.inserts.length = 0;
    expect((await appendChange({ ctx: watched.ctx, entry: change(appId, 1) })).seq).toBe(seq);
    expect(watched.reads).toEqual({ newest: 0, roundTrips, inFlight: 0 });
    expect(watched.inserts).toEqual(inserts);
    const stored = await numbers(appId);
    expect(stored.map(([n]) => n)).toEqual(Array.from({ length: seq }, (_, n) => n + 1));
    expect(stored.filter(([, what]) => what === 'filler').map(([n]) => n)).toEqual(fillers);
  });

  it('stores the entries that wait together in one insert, numbered in the order they came', async () => {
    const appId = randomUUID();
    const { ctx, inserts } = watching();
    const appended = await Promise.all(Array.from({ length: 30 }, (_, n) => appendChange({ ctx, entry: change(appId, n) })));
    expect(appended.map(({ seq, docId }) => [seq, docId])).toEqual(Array.from({ length: 30 }, (_, n) => [n + 1, `d${n}`]));
    expect(inserts).toEqual([Array.from({ length: 30 }, (_, n) => n + 1)]);
    expect((await log(t.ctx, appId)).map((e) => e.docId)).toEqual(Array.from({ length: 30 }, (_, n) => `d${n}`));
  });

  it('stores a batch past a number another instance took in it, the refused entry above the rest after fillers, leaving no number out', async () => {
    const appId = randomUUID();
    const { ctx, inserts } = watching();
    expect((await appendChange({ ctx, entry: change(appId, 0) })).seq).toBe(1);
    // Another instance appends 4 meanwhile: the batch of five below tries 2 to 6 in one insert.
    await changeLog(t.ctx).insertOne(entry(appId, 4));
    const appended = await Promise.all([1, 2, 3, 4, 5].map((n) => appendChange({ ctx, entry: change(appId, n) })));
    expect(appended.map(({ seq, docId }) => [seq, docId])).toEqual([[2, 'd1'], [3, 'd2'], [9, 'd3'], [5, 'd4'], [6, 'd5']]);
    expect(inserts).toEqual([[1], [2, 3, 4, 5, 6], [7, 8, 9]]);
    expect(await numbers(appId)).toEqual([[1, 'd0'], [2, 'd1'], [3, 'd2'], [4, 'd4'], [5, 'd4'], [6, 'd5'], [7, 'filler'], [8, 'filler'], [9, 'd3']]);
  });

  it('prunes entries past the retention but keeps each app its newest, so its numbers only grow', async () => {
    const appId = randomUUID();
    const old = new Date(t.ctx.now().getTime() - t.ctx.config.live.retentionMs - 1000).toISOString();
    await changeLog(t.ctx).insertMany([1, 2, 3].map((seq) => ({ ...entry(appId, seq), at: old })));
    await changeLog(t.ctx).insertOne({ ...entry(appId, 4), at: t.ctx.now().toISOString() });
    const other = randomUUID();
    await changeLog(t.ctx).insertMany([1, 2].map((seq) => ({ ...entry(other, seq), at: old })));
    expect(await pruneChanges({ ctx: t.ctx })).toBe(4);
    expect((await log(t.ctx, appId)).map((e) => e.seq)).toEqual([4]);
    expect((await log(t.ctx, other)).map((e) => e.seq)).toEqual([2]);
  });
});

describe('the size bound', () => {
  const t = withTestApp({ config: { live: { maxConnectionsPerApp: 10, maxConnectionsPerAddress: 10, subscribeGraceMs: 30_000, maxBufferBytes: 1 << 20, heartbeatMs: 15_000, retentionMs: 3_600_000, maxEntriesPerApp: 150, pollMs: 200, gapHoldMs: 2000, recheckMs: 30_000 } } });

  it('keeps at most the app\'s last maxEntriesPerApp entries (trimmed every 100th)', async () => {
    const { appId } = await dataApp({ app: t.app, ctx: t.ctx });
    for (let n = 0; n < 300; n += 1) await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: `Item ${n}` }, view: 'public' });
    const seqs = (await log(t.ctx, appId)).map((e) => e.seq);
    expect(seqs[0]).toBe(151);
    expect(seqs.at(-1)).toBe(300);
  });
});
