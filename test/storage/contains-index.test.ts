// Contains indexes (port.ts, ContainsIndexSpec) on every engine: a `$regex` on an indexed text
// field finds the same documents as on the same documents without the index, in any case and
// script, while documents are written, rewritten and removed. On SQLite the search reads the
// index (an FTS5 table) instead of every document.
import type { Collection, Doc, Filter, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { spyOnPlans } from '../helpers/sqlite-plans';
import type { PlanSpy } from '../helpers/sqlite-plans';
import { escapeRegex } from '../../forms/resource/list-query';
import { engines } from './engines';

interface Thing extends Doc {
  name?: unknown;
  name_data?: string;
  n?: number;
  meta?: { title?: string };
}

const things: Thing[] = [
  { _id: 'a', name: 'Oak Lamp', n: 1, meta: { title: 'Reading corner' } },
  { _id: 'b', name: 'OAK LAMPSHADE', n: 2 },
  { _id: 'c', name: 'brass lamp', n: 3, meta: { title: 'Hallway' } },
  { _id: 'd', name: 'CAFÉ crème', n: 4 },
  { _id: 'e', name: 'Вода из ручья', n: 5 },
  { _id: 'f', name: 'Σοφία', n: 6 },
  { _id: 'g', name: 'a.b (c) "quoted"', n: 7 },
  // Georgian capitals (Mtavruli): SQLite's folding does not know them, the pattern engines do.
  { _id: 'h', name: 'ᲐᲑᲒ', n: 8 },
  { _id: 'i', name: 42 },
  { _id: 'j', name: { text: 'lamp' } },
  { _id: 'k', name: null },
  { _id: 'l' },
];

const ids = (docs: Doc[]): string[] => docs.map((d) => d._id).sort();
const contains = (text: string): Filter => ({ name: { $regex: escapeRegex(text), $options: 'i' } });

describe.each(engines)('contains index on $name', ({ open }) => {
  let store: Store;
  let indexed: Collection<Thing>;
  let plain: Collection<Thing>;
  let seq = 0;

  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    seq += 1;
    indexed = store.collection<Thing>(`indexed${seq}`);
    plain = store.collection<Thing>(`plain${seq}`);
    await indexed.insertMany(things);
    await plain.insertMany(things);
    // Created over documents already there, as a schema change does.
    await store.ensureIndex({ collection: `indexed${seq}`, contains: 'name' });
    await store.ensureIndex({ collection: `indexed${seq}`, contains: 'meta.title' });
  });

  /** The documents both collections give, after checking that they agree (counts too). */
  const found = async (filter: Filter): Promise<string[]> => {
    const [withIndex, without] = await Promise.all([indexed.find(filter), plain.find(filter)]);
    expect(ids(withIndex)).toEqual(ids(without));
    expect(await indexed.count(filter)).toBe(without.length);
    return ids(withIndex);
  };

  it.each<[string, Filter, string[]]>([
    ['a word in any case', contains('lamp'), ['a', 'b', 'c']],
    ['a case-sensitive literal', { name: { $regex: 'LAMP' } }, ['b']],
    ['another case-sensitive literal', { name: /Lamp/ }, ['a']],
    ['accented letters in another case', contains('café'), ['d']],
    ['Cyrillic in capitals', contains('ВОДА'), ['e']],
    ['Greek in capitals', contains('ΣΟΦ'), ['f']],
    ['Georgian letters whose capitals SQLite does not fold', contains('აბგ'), ['h']],
    ['punctuation a search box escapes', contains('b (c)'), ['g']],
    ['double quotes', contains('"quoted"'), ['g']],
    ['two characters, too short for the index', contains('la'), ['a', 'b', 'c']],
    ['a pattern that is not a literal', { name: { $regex: '^oak', $options: 'i' } }, ['a', 'b']],
    ['a dotted path', { 'meta.title': { $regex: 'CORNER', $options: 'i' } }, ['a']],
    ['a text nothing holds', contains('xyz'), []],
    ['$not around it, matching non-text and missing values', { name: { $not: /lamp/i } }, ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']],
    ['$or with another field', { $or: [contains('crème'), { n: 1 }] }, ['a', 'd']],
    ['with a condition on another field', { ...contains('lamp'), n: { $gt: 1 } }, ['b', 'c']],
  ])('finds %s', async (_label, filter, expected) => {
    expect(await found(filter)).toEqual(expected);
  });

  it('keeps in step with inserts, updates and deletes', async () => {
    const teak = contains('teak');
    const steps: [string, (c: Collection<Thing>) => Promise<unknown>, string[]][] = [
      ['an insert', (c) => c.insertOne({ _id: 'm', name: 'Teak stool' }), ['m']],
      ['an update of another field', (c) => c.updateOne({ _id: 'm' }, { $set: { n: 9 } }), ['m']],
      ['an update of the text', (c) => c.updateOne({ _id: 'm' }, { $set: { name: 'Pine stool' } }), []],
      ['an update into the text', (c) => c.updateMany({ n: { $lte: 2 } }, { $set: { name: 'old TEAK chest' } }), ['a', 'b']],
      ['a number replacing the text', (c) => c.findOneAndUpdate({ _id: 'a' }, { $set: { name: 7 } }), ['b']],
      ['an unset', (c) => c.updateOne({ _id: 'b' }, { $unset: { name: true } }), []],
      ['an upsert', (c) => c.findOneAndUpdate({ _id: 'n' }, { $set: { name: 'teak' } }, { upsert: true }), ['n']],
      ['two inserts', (c) => c.insertMany([{ _id: 'o', name: 'Teak bench' }, { _id: 'p', name: 'teakwood' }]), ['n', 'o', 'p']],
      ['a delete', (c) => c.deleteOne({ _id: 'o' }), ['n', 'p']],
      ['a delete by the text itself', (c) => c.findOneAndDelete(contains('teakw')), ['n']],
      ['deleting what the text finds', (c) => c.deleteMany(teak), []],
    ];
    for (const [step, write, expected] of steps) {
      await write(indexed);
      await write(plain);
      expect([step, await found(teak)]).toEqual([step, expected]);
    }
  });

  it('indexes fields whose names extend one another', async () => {
    await Promise.all([indexed, plain].map((c) => c.updateOne({ _id: 'a' }, { $set: { name_data: 'Birch crate' } })));
    await store.ensureIndex({ collection: `indexed${seq}`, contains: 'name_data' });
    expect(await found({ name_data: { $regex: 'BIRCH', $options: 'i' } })).toEqual(['a']);
    expect(await found(contains('lamp'))).toEqual(['a', 'b', 'c']);
  });

  it('answers alike once a path holds an array, and once the index is dropped', async () => {
    await Promise.all([indexed, plain].map((c) => c.insertOne({ _id: 'q', name: ['lamp post', 'x'] })));
    expect(await found(contains('lamp'))).toEqual(['a', 'b', 'c', 'q']);
    await store.dropIndex({ collection: `indexed${seq}`, contains: 'meta.title' });
    await store.dropIndex({ collection: `indexed${seq}`, contains: 'meta.title' });
    expect(await found({ 'meta.title': { $regex: 'hall', $options: 'i' } })).toEqual(['c']);
  });
});

describe('contains index on SQLite', () => {
  const WORDS = ['chair', 'desk', 'shelf', 'lamp'];
  /** 400 products, all but one titled `Oak <word> <n>`, and one teak vase. */
  const products = Array.from({ length: 400 }, (_, i) => ({ _id: `p${i}`, created: String(i).padStart(4, '0'), title: i === 123 ? 'Teak vase' : `Oak ${WORDS[i % 4]} ${i}` }));
  let store: Store;
  let plans: PlanSpy;

  beforeEach(async () => {
    store = await openSqliteStore({ path: ':memory:' });
    await store.collection('products').insertMany(products);
    await store.ensureIndex({ collection: 'products', fields: { created: -1 } });
    await store.ensureIndex({ collection: 'products', contains: 'title' });
    plans = spyOnPlans();
  });
  afterEach(async () => {
    plans.restore();
    await store.close();
  });

  /** The query plan of the page the store read for a search, newest first. */
  const planOfSearch = async (text: string): Promise<string> => {
    await store.collection('products').find({ title: { $regex: escapeRegex(text), $options: 'i' } }, { sort: { created: -1 }, limit: 20 });
    return plans.planOf('SELECT _id, doc FROM "products"');
  };

  it('reads a rare text from its matches kept from the FTS5 table instead of testing every document', async () => {
    expect(await planOfSearch('TEAK')).toMatch(/SEARCH products USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY 1 \| SCAN json_each/);
  });

  it.each([
    ['a common text, found in the first rows of the newest-first walk', 'oak'],
    ['a text too short for trigrams', 'ak'],
  ])('walks the newest first for %s', async (_label, text) => {
    const plan = await planOfSearch(text);
    expect(plan).not.toMatch(/contains/);
    expect(plan).toMatch(/SCAN products USING INDEX ix_products_created_desc/);
  });
});
