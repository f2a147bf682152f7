// A rare text with many matches (contains-planner.ts, ContainsMatch.walk): a sorted page walks
// the sort's index against the matches' rowids instead of reading and sorting every match. Here
// on SQLite, 2,000 products, an index on `created` and a contains index on `title`: `brass` is in
// 1 title in 25 (80 matches: rare, yet many enough to walk), `ivory` in 5 (rare, sorted),
// `oak` in most (common, the newest-first walk testing each title). Every page is compared with
// the same read of the same documents in a collection without indexes. A text every row must
// contain is read from its kept matches in any order (match-sets.ts); the walk and the sort serve
// the pages no kept set does, such as a text under `$or`, which the walks below search for.
import type { Collection, Doc, Filter, FindOptions } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import type { Store } from '../../server/storage/port';
import { spyOnPlans } from '../helpers/sqlite-plans';
import type { PlanSpy } from '../helpers/sqlite-plans';

interface Product extends Doc {
  created: string;
  title: string;
  price: number;
}

const COUNT = 2000;
const word = (i: number): string => (i % 25 === 3 ? ' brass' : i % 400 === 7 ? ' ivory' : '');
// Created out of insertion order (every 7th product is older than its neighbours), with ties.
const products: Product[] = Array.from({ length: COUNT }, (_, i) => ({
  _id: `p${String(i).padStart(4, '0')}`,
  created: String(i % 7 === 0 ? i - 500 : Math.floor(i / 2)).padStart(5, '0'),
  title: `Oak ${['chair', 'desk', 'lamp'][i % 3]} ${i}${word(i)}`,
  price: (i * 37) % 101,
}));

describe('a rare text with many matches, on SQLite', () => {
  let store: Store;
  let indexed: Collection<Product>;
  let plain: Collection<Product>;
  let plans: PlanSpy;

  beforeAll(async () => {
    store = await openSqliteStore({ path: ':memory:' });
    indexed = store.collection<Product>('products');
    plain = store.collection<Product>('plain');
    await indexed.insertMany(products);
    await plain.insertMany(products);
    await store.ensureIndex({ collection: 'products', fields: { created: -1, _id: -1 } });
    await store.ensureIndex({ collection: 'products', contains: 'title' });
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(() => {
    plans = spyOnPlans();
  });
  afterEach(() => plans.restore());

  const newest: FindOptions = { sort: { created: -1, _id: -1 }, limit: 20 };
  const search = (text: string, ignoreCase = true): Filter => ({ title: { $regex: text, ...(ignoreCase ? { $options: 'i' } : {}) } });
  /** The same search under `$or`: no kept set serves it, since a row need not pass it. */
  const unkept = (text: string, ignoreCase = true): Filter => ({ $or: [search(text, ignoreCase)] });

  /** The page both collections give, after checking that they agree; and the plan of the indexed read (prepared the first time). */
  const page = async (filter: Filter, options: FindOptions): Promise<{ ids: string[]; plan: () => string }> => {
    const [withIndex, without] = await Promise.all([indexed.find(filter, options), plain.find(filter, options)]);
    expect(withIndex.map((d) => d._id)).toEqual(without.map((d) => d._id));
    return { ids: withIndex.map((d) => d._id), plan: () => plans.planOf('SELECT _id, doc FROM "products"') };
  };

  const WALKED = /SCAN products USING INDEX ix_products_created_desc__id_desc .*products\$contains\$title\$ VIRTUAL TABLE/;
  const LOOKED_UP = /SEARCH products USING INTEGER PRIMARY KEY \(rowid=\?\).*products\$contains\$title\$ VIRTUAL TABLE .*TEMP B-TREE/;
  const KEPT = /SEARCH products USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY 1 \| SCAN json_each/;

  it.each<[string, FindOptions]>([
    ['the newest 20', newest],
    ['a sort no index serves', { sort: { price: -1, _id: 1 }, limit: 20 }],
  ])('reads a text every row must contain from its kept matches for %s', async (_label, options) => {
    expect((await page(search('brass'), options)).plan()).toMatch(KEPT);
  });

  it.each<[string, Filter, FindOptions, RegExp]>([
    ['the newest 20 holding it', unkept('BRASS'), newest, WALKED],
    ['the next page', unkept('brass'), { ...newest, skip: 20 }, WALKED],
    ['the oldest first (the index read backwards)', unkept('brass'), { sort: { created: 1, _id: 1 }, limit: 20 }, WALKED],
    ['a case-sensitive literal', unkept('brass', false), newest, WALKED],
    ['with a condition on another field', { ...unkept('brass'), price: { $gt: 50 } }, newest, WALKED],
    ['a page past all the matches', unkept('brass'), { ...newest, skip: 75 }, WALKED],
  ])('walks the index for %s', async (_label, filter, options, plan) => {
    const found = await page(filter, options);
    expect(found.plan()).toMatch(plan);
    expect(found.ids.length).toBeLessThanOrEqual(20);
  });

  it.each<[string, Filter, FindOptions]>([
    ['a sort no index serves', unkept('brass'), { sort: { price: -1, _id: 1 }, limit: 20 }],
    ['a page deeper than a walk may go', unkept('brass'), { ...newest, skip: 1000 }],
    ['a text with few matches', unkept('ivory'), newest],
  ])('sorts the matches for %s', async (_label, filter, options) => {
    expect((await page(filter, options)).plan()).toMatch(LOOKED_UP);
  });

  it('finds the same for every page of a walked text, unsorted reads and counts', async () => {
    for (let skip = 0; skip < 100; skip += 20) await page(search('brass'), { ...newest, skip });
    const all = await indexed.find(search('brass'));
    expect(all.map((d) => d._id).sort()).toEqual((await plain.find(search('brass'))).map((d) => d._id).sort());
    expect(await indexed.count(search('brass'))).toBe(80);
  });

  it('sorts the matches once many newer documents without the text come before them in the walk', async () => {
    const store2 = await openSqliteStore({ path: ':memory:' });
    try {
      const c = store2.collection<Product>('products');
      await c.insertMany(products);
      await store2.ensureIndex({ collection: 'products', fields: { created: -1, _id: -1 } });
      await store2.ensureIndex({ collection: 'products', contains: 'title' });
      const spy = spyOnPlans();
      try {
        await c.find(unkept('brass'), newest);
        expect(spy.planOf('SELECT _id, doc FROM "products"')).toMatch(WALKED);
        // 3,000 newer titles without the text: a walk would pass them all before the first match.
        await c.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: `n${i}`, created: String(10_000 + i), title: `Pine desk ${i}`, price: 1 })));
        // Past the time a verdict is kept, so it is made afresh.
        const later = Date.now() + 60_000;
        jest.spyOn(Date, 'now').mockReturnValue(later);
        await c.find(unkept('brass'), { ...newest, limit: 19 });
        expect(spy.planOf('SELECT _id, doc FROM "products"')).toMatch(LOOKED_UP);
      } finally {
        spy.restore();
        jest.restoreAllMocks();
      }
    } finally {
      await store2.close();
    }
  });

  it('still finds rows written after the plan was made', async () => {
    await page(search('brass'), newest);
    const fresh = { _id: 'p9999', created: '99999', title: 'New brass lamp', price: 1 };
    await Promise.all([indexed.insertOne(fresh), plain.insertOne(fresh)]);
    expect((await page(search('brass'), newest)).ids[0]).toBe('p9999');
    await Promise.all([indexed.deleteOne({ _id: 'p9999' }), plain.deleteOne({ _id: 'p9999' })]);
    expect((await page(search('brass'), newest)).ids[0]).not.toBe('p9999');
  });
});
