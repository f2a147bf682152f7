// Which pattern reads stay on the server's thread on a SQLite file: a page whose only patterns are
// literals their contains index found common, read in an index's order, meets its rows within a
// few hundred and stays; every other read that tests a pattern on each row goes to the worker. A
// count reads every match, so a literal's contains index serves it however common the text.
// A statement the server's connection prepared is one it ran there (the worker has its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Filter, FindOptions, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { Database as Driver } from '../../server/storage/sqlite/driver';

const WORDS = ['chair', 'desk', 'shelf', 'lamp'];
/** 400 products titled `Oak <word> <n>` (lamp in 99, above the index's bound of 90 for 400 rows), one teak vase. */
const products = Array.from({ length: 400 }, (_, i) => ({ _id: `p${i}`, created: String(i).padStart(4, '0'), title: i === 123 ? 'Teak vase' : `Oak ${WORDS[i % 4]} ${i}` }));
const contains = (text: string): Filter => ({ title: { $regex: text, $options: 'i' } });
const NEWEST: FindOptions = { sort: { created: -1 }, limit: 20 };

describe('pattern reads on the server thread or the worker (SQLite file)', () => {
  let dir: string;
  let store: Store;
  let prepared: jest.SpyInstance;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-bounded-walks-'));
    store = await openSqliteStore({ path: join(dir, 'db.sqlite') });
    await store.collection('products').insertMany(products);
    await store.ensureIndex({ collection: 'products', fields: { created: -1 } });
    await store.ensureIndex({ collection: 'products', contains: 'title' });
    prepared = jest.spyOn(Driver.prototype, 'prepare');
  });
  afterEach(async () => {
    prepared.mockRestore();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ranOnThread = (prefix: string): boolean => prepared.mock.calls.some(([sql]) => typeof sql === 'string' && sql.startsWith(prefix));

  it.each<[string, Filter, FindOptions, boolean, number]>([
    ['a common indexed literal, newest 20', contains('lamp'), NEWEST, true, 20],
    ['a common literal in capitals', contains('LAMP'), NEWEST, true, 20],
    ['a rare literal (the index itself, no pattern per row)', contains('teak'), NEWEST, true, 1],
    ['a common literal sorted by an unindexed field', contains('lamp'), { sort: { title: 1 }, limit: 20 }, false, 20],
    ['a common literal without a limit', contains('lamp'), { sort: { created: -1 } }, false, 99],
    ['a common literal past the 1,000th row', contains('lamp'), { sort: { created: -1 }, skip: 990, limit: 20 }, false, 0],
    ['a negated common literal', { title: { $not: { $regex: 'oak', $options: 'i' } } }, NEWEST, false, 1],
    ['a pattern with regex syntax', contains('la.p'), NEWEST, false, 20],
    ['a common literal beside a pattern with regex syntax', { $or: [contains('lamp'), contains('de.k')] }, NEWEST, false, 20],
    ['a common literal on a field without a contains index', { _id: { $regex: 'p1' } }, NEWEST, false, 20],
  ])('%s', async (_label, filter, options, onThread, count) => {
    const found = await store.collection('products').find(filter, options);
    expect(found).toHaveLength(count);
    expect(ranOnThread('SELECT _id, doc FROM "products"')).toBe(onThread);
  });

  it('counts a common literal through its contains index, with no pattern tested per row', async () => {
    expect(await store.collection('products').count(contains('lamp'))).toBe(99);
    const counts = prepared.mock.calls.map(([sql]) => String(sql)).filter((sql) => sql.startsWith('SELECT COUNT(*) FROM "products"'));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatch(/MATCH/);
    expect(counts[0]).not.toMatch(/nindo_regexp/);
  });

  it('counts a pattern no index serves on the worker', async () => {
    expect(await store.collection('products').count(contains('la.p'))).toBe(99);
    expect(ranOnThread('SELECT COUNT(*) FROM "products"')).toBe(false);
  });
});
