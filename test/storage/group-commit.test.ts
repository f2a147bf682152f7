// Group commit (port.ts InsertOptions.groupCommit; SQLite: sqlite/group-commit.ts): the inserts of
// one turn are written together, and each caller still learns its own outcome only once its row
// is stored. Pinned here: every acknowledged insert is stored with its own body, every refused one
// is not and gets its own error, a lone insert is not held, a turn's flood is written in bounded
// groups, and the contains index keeps in step.
import { DuplicateKeyError } from '../../server/storage/port';
import type { Doc, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { MAX_GROUP_ROWS } from '../../server/storage/sqlite/group-commit';

interface Item extends Doc {
  title: string;
  code?: string;
}

const settle = (promises: Promise<unknown>[]): Promise<PromiseSettledResult<unknown>[]> => Promise.allSettled(promises);

describe('group commit on SQLite', () => {
  let store: Store;

  beforeEach(async () => {
    store = await openSqliteStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores every acknowledged insert of a turn with its own body, and refuses each duplicate alone', async () => {
    const a = store.collection<Item>('a');
    const b = store.collection<Item>('b');
    await a.insertOne({ _id: 'taken', title: 'before' });
    // Interleaved over two collections: new ids, an id already stored, an id twice in the turn.
    const writes = Array.from({ length: 300 }, (_, i) => {
      const coll = i % 2 === 0 ? a : b;
      // 150 rows a collection: two statements each, so duplicates also meet across and within the second.
      const id = i === 10 ? 'taken' : i === 21 || i === 23 ? 'twice' : i === 31 || i === 281 ? 'across' : i === 251 || i === 291 ? 'late' : `d${i}`;
      return { coll: i % 2 === 0 ? 'a' : 'b', id, promise: coll.insertOne({ _id: id, title: `title ${i}` }, { groupCommit: true }) };
    });
    const outcomes = await settle(writes.map((w) => w.promise));
    const refused = writes.filter((_, i) => outcomes[i].status === 'rejected');
    expect(refused.map((w) => `${w.coll}/${w.id}`)).toEqual(['a/taken', 'b/twice', 'b/across', 'b/late']);
    for (const i of [10, 23, 281, 291]) expect((outcomes[i] as PromiseRejectedResult).reason).toEqual(new DuplicateKeyError(writes[i].coll, ['_id']));
    const storedIn = async (coll: 'a' | 'b'): Promise<string[]> => (await store.collection<Item>(coll).find({})).map((doc) => `${coll}/${doc._id}: ${doc.title}`);
    const stored = [...(await storedIn('a')), ...(await storedIn('b'))].sort();
    const acknowledged = writes.flatMap((w, i) => (outcomes[i].status === 'fulfilled' ? [`${w.coll}/${w.id}: title ${i}`] : []));
    expect(acknowledged).toHaveLength(296);
    expect(stored).toEqual([...acknowledged, 'a/taken: before'].sort());
  });

  it('refuses the second of two inserts of a turn holding one unique value, naming the field', async () => {
    await store.ensureIndex({ collection: 'u', fields: { code: 1 }, unique: true });
    const u = store.collection<Item>('u');
    const outcomes = await settle([
      u.insertOne({ _id: 'x', title: 'x', code: 'same' }, { groupCommit: true }),
      u.insertOne({ _id: 'y', title: 'y', code: 'other' }, { groupCommit: true }),
      u.insertOne({ _id: 'z', title: 'z', code: 'same' }, { groupCommit: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new DuplicateKeyError('u', ['code']));
    expect((await u.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['x', 'y']);
  });

  it('writes the first insert of a turn at once, and groups the later ones of that turn until the turn ends', async () => {
    const a = store.collection<Item>('a');
    const lone = a.insertOne({ _id: 'lone', title: 'lone' }, { groupCommit: true });
    const grouped = a.insertOne({ _id: 'grouped', title: 'grouped' }, { groupCommit: true });
    // Read on this turn, before either caller awaited: the lone row is stored, the grouped one waits.
    expect((await a.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['lone']);
    await Promise.all([lone, grouped]);
    expect(await a.findOne({ _id: 'grouped' })).toEqual({ _id: 'grouped', title: 'grouped' });
    // A later turn's first insert is written at once again.
    const next = a.insertOne({ _id: 'next', title: 'next' }, { groupCommit: true });
    expect(await a.findOne({ _id: 'next' })).toEqual({ _id: 'next', title: 'next' });
    await next;
  });

  it(`writes a turn's flood in groups of at most ${MAX_GROUP_ROWS}, letting other callbacks run between them`, async () => {
    const a = store.collection<Item>('a');
    const flood = Array.from({ length: 4 * MAX_GROUP_ROWS + 7 }, (_, i) => a.insertOne({ _id: `f${String(i).padStart(5, '0')}`, title: `flood ${i}` }, { groupCommit: true }));
    const between = new Promise<number>((resolve) => setImmediate(() => void a.count({}).then(resolve)));
    await Promise.all(flood);
    // The first insert went in on its own, then the first group.
    expect(await between).toBe(1 + MAX_GROUP_ROWS);
    expect(await a.count({})).toBe(flood.length);
  });

  it('keeps a contains index in step with grouped inserts, refused ones left out', async () => {
    await store.ensureIndex({ collection: 'c', contains: 'title' });
    const c = store.collection<Item>('c');
    await c.insertOne({ _id: 'dup', title: 'first teak' });
    const outcomes = await settle([
      c.insertOne({ _id: 'k1', title: 'Teak vase' }, { groupCommit: true }),
      c.insertOne({ _id: 'dup', title: 'second teak' }, { groupCommit: true }),
      c.insertOne({ _id: 'k2', title: 'oak desk' }, { groupCommit: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const found = await c.find({ title: { $regex: 'teak', $options: 'i' } }, { sort: { _id: 1 } });
    expect(found).toEqual([{ _id: 'dup', title: 'first teak' }, { _id: 'k1', title: 'Teak vase' }]);
  });
});
