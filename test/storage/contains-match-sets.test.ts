// A rare text's matches kept between requests (sqlite/match-sets.ts): every page read through the
// kept set must be the page a substring check over all the documents gives, after every kind of
// write that can change it (inserts after the set was made, updates into and out of it, deletes,
// another connection's writes to the file), for newest and oldest first and by a field of the
// documents' own (some lack it, some hold a number), cursor and skip pages, other conditions
// beside the text, case-sensitive or not. And a repeated search must not run the
// contains index's phrase query over all the matches again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import { Database } from '../../server/storage/sqlite/driver';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import type { Collection, Doc, Filter, SortSpec, Store } from '../../server/storage/port';

interface Item extends Doc {
  _id: string;
  _created: string;
  title: string;
  category: string;
  _owner: string;
  /** A field of the documents' own to sort on: a text date, missing from some, a number in others. */
  when?: string | number;
}

const COUNT = 2000;
const created = (i: number): string => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
// 1 title in 20 holds the text (100 of 2,000: rare, under sqrt(20 x 2,000) = 200), in either case.
const titleOf = (i: number): string => `Item ${i}${i % 20 === 3 ? (i % 40 === 3 ? ' Brass bell' : ' brass lamp') : ''}`;
const itemOf = (i: number, over: Partial<Item> = {}): Item => ({
  _id: `i${String(i).padStart(5, '0')}`,
  // Every 9th item shares its minute with the one before, and every third match with the match
  // before it: ties broken by _id, some at a page's end.
  _created: created(i % 60 === 23 ? i - 20 : i % 9 === 0 ? i - 1 : i),
  title: titleOf(i),
  category: `c${i % 3}`,
  _owner: `u${i % 4}`,
  ...(i % 50 === 7 ? {} : { when: i % 50 === 8 ? i : created((i * 7 + (i % 11 === 0 ? 7 : 0)) % COUNT) }),
  ...over,
});

type Check = { label: string; filter: Filter; keep: (item: Item) => boolean; sort: SortSpec; limit: number; skip?: number };

const text = (needle: string, ignoreCase: boolean) => (item: Item): boolean => (ignoreCase ? item.title.toLowerCase().includes(needle.toLowerCase()) : item.title.includes(needle));
const search = (needle: string, ignoreCase = true): Filter => ({ title: { $regex: needle, ...(ignoreCase ? { $options: 'i' } : {}) } });
const NEWEST: SortSpec = { _created: -1, _id: -1 };
const OLDEST: SortSpec = { _created: 1, _id: 1 };
const WHEN_LATEST: SortSpec = { when: -1, _id: -1 };
const WHEN_EARLIEST: SortSpec = { when: 1, _id: 1 };

const CHECKS: Check[] = [
  { label: 'the 21 newest', filter: search('brass'), keep: text('brass', true), sort: NEWEST, limit: 21 },
  { label: 'the 21 oldest', filter: search('BRASS'), keep: text('brass', true), sort: OLDEST, limit: 21 },
  { label: 'the third page by skip', filter: search('brass'), keep: text('brass', true), sort: NEWEST, limit: 20, skip: 40 },
  { label: 'a page past the last match', filter: search('brass'), keep: text('brass', true), sort: NEWEST, limit: 20, skip: 500 },
  { label: 'case-sensitive', filter: search('Brass', false), keep: text('Brass', false), sort: NEWEST, limit: 10 },
  {
    label: 'with a category',
    filter: { ...search('brass'), category: 'c1' },
    keep: (item) => text('brass', true)(item) && item.category === 'c1',
    sort: NEWEST,
    limit: 21,
  },
  {
    label: "with an owner's condition as a rule adds it, few rows left",
    filter: { $and: [search('brass'), { _owner: 'u3' }, { category: 'c2' }] },
    keep: (item) => text('brass', true)(item) && item._owner === 'u3' && item.category === 'c2',
    sort: OLDEST,
    limit: 5,
  },
  {
    label: 'the text inside an $or (not kept: any row may pass the other branch)',
    filter: { $or: [search('brass'), { category: 'c9' }] },
    keep: text('brass', true),
    sort: NEWEST,
    limit: 21,
  },
  { label: 'by _id alone', filter: search('lamp'), keep: text('lamp', true), sort: { _id: -1 }, limit: 21 },
  { label: 'by a field of their own, latest first', filter: search('brass'), keep: text('brass', true), sort: WHEN_LATEST, limit: 21 },
  { label: 'by a field of their own, earliest first, its missing and number values first', filter: search('brass'), keep: text('brass', true), sort: WHEN_EARLIEST, limit: 21 },
  { label: 'by a field of their own, a later page by skip', filter: search('brass'), keep: text('brass', true), sort: WHEN_LATEST, limit: 20, skip: 60 },
];

/** SQLite's order of the values here: missing first, then numbers, then texts (all ASCII). */
const rankOf = (value: unknown): number => (value === undefined ? 0 : typeof value === 'number' ? 1 : 2);
const compare = (sort: SortSpec) => (a: Item, b: Item): number => {
  for (const [field, dir] of Object.entries(sort)) {
    const [x, y] = [a[field as keyof Item] as string | number | undefined, b[field as keyof Item] as string | number | undefined];
    if (rankOf(x) !== rankOf(y)) return (rankOf(x) - rankOf(y)) * dir;
    if (x !== y && x !== undefined && y !== undefined) return (x < y ? -1 : 1) * dir;
  }
  return 0;
};

/** The page a substring check over every document gives. */
const expected = (items: Map<string, Item>, check: Check): string[] =>
  [...items.values()]
    .filter(check.keep)
    .sort(compare(check.sort))
    .slice(check.skip ?? 0, (check.skip ?? 0) + check.limit)
    .map((item) => item._id);

/** Each statement a store's connections ran (all, get, iterate), by its SQL, with its named parameters. */
function spyOnRuns(): { sql: () => string[]; calls: () => { sql: string; params: Record<string, unknown> }[]; restore: () => void } {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Statement;
  probe.close();
  const spies = (['all', 'get', 'iterate'] as const).map((method) => jest.spyOn(proto, method));
  const calls = (): { sql: string; params: Record<string, unknown> }[] =>
    spies.flatMap((spy) => (spy.mock.contexts as Statement[]).map((statement, i) => ({ sql: statement.source, params: (spy.mock.calls[i][0] ?? {}) as Record<string, unknown> })));
  return { sql: () => calls().map((call) => call.sql), calls, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

describe('a rare text kept between requests, on SQLite', () => {
  let dir: string;
  let store: Store;
  let other: Store;
  let items: Collection<Item>;
  let fromOther: Collection<Item>;
  const mirror = new Map<string, Item>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-match-sets-'));
    const path = join(dir, 'db.sqlite');
    store = await openSqliteStore({ path });
    other = await openSqliteStore({ path });
    items = store.collection<Item>('items');
    fromOther = other.collection<Item>('items');
    const all = Array.from({ length: COUNT }, (_, i) => itemOf(i));
    await items.insertMany(all);
    for (const item of all) mirror.set(item._id, item);
    await store.ensureIndex({ collection: 'items', fields: { _created: -1 } });
    // As an indexable field's (field-indexes.ts).
    await store.ensureIndex({ collection: 'items', fields: { when: 1, _created: -1 } });
    await store.ensureIndex({ collection: 'items', contains: 'title' });
  });
  afterAll(async () => {
    await other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectEveryCheck = async (): Promise<void> => {
    for (const check of CHECKS) {
      const found = await items.find(check.filter, { sort: check.sort, limit: check.limit, skip: check.skip ?? 0 });
      expect({ check: check.label, ids: found.map((item) => item._id) }).toEqual({ check: check.label, ids: expected(mirror, check) });
    }
  };

  /** Every page of the list in `sort`, each after the last one's cursor as the public list writes it (cursor.ts, afterFilter). */
  const cursorPages = async (needle: string, sort = NEWEST): Promise<string[]> => {
    const [first, past] = sort === NEWEST ? (['$lte', '$lt'] as const) : (['$gte', '$gt'] as const);
    const seen: string[] = [];
    let last: Item | undefined;
    for (let page = 0; page < 20; page += 1) {
      const after: Filter[] = last
        ? [{ $and: [{ _created: { [first]: last._created } }, { $or: [{ _created: { [past]: last._created } }, { $and: [{ _created: last._created }, { _id: { [past]: last._id } }] }] }] }]
        : [];
      const rows = await items.find({ $and: [search(needle), ...after] }, { sort, limit: 21 });
      seen.push(...rows.slice(0, 20).map((item) => item._id));
      if (rows.length <= 20) return seen;
      last = rows[19];
    }
    return seen;
  };

  const write = {
    insert: async (item: Item, via = items) => {
      await via.insertOne(item, { groupCommit: true });
      mirror.set(item._id, item);
    },
    retitle: async (id: string, title: string, via = items) => {
      await via.updateOne({ _id: id }, { $set: { title } });
      mirror.set(id, { ...(mirror.get(id) as Item), title });
    },
    redate: async (id: string, when: string, via = items) => {
      await via.updateOne({ _id: id }, { $set: { when } });
      mirror.set(id, { ...(mirror.get(id) as Item), when });
    },
    remove: async (id: string, via = items) => {
      await via.deleteOne({ _id: id });
      mirror.delete(id);
    },
  };

  const matchOf = (n: number): string => `i${String(n).padStart(5, '0')}`;

  it.each<[string, () => Promise<void>]>([
    ['as first read', async () => {}],
    [
      'after newer matches and non-matches were inserted',
      async () => {
        for (let i = 0; i < 30; i += 1) await write.insert(itemOf(COUNT + i, { title: i % 3 === 0 ? `New brass ${i}` : `New pine ${i}` }));
      },
    ],
    ['after an older match was inserted (it sorts among the kept ones)', () => write.insert(itemOf(COUNT + 100, { _created: created(1234), title: 'Old BRASS clock' }))],
    ['after an update made a document match', () => write.retitle(matchOf(1990), 'Now brass')],
    ['after an update made a match stop matching', () => write.retitle(matchOf(1983), 'No longer')],
    ['after an update moved a match in the order of their own field', () => write.redate(matchOf(1923), created(5000))],
    ['after another connection moved a match in that order', () => write.redate(matchOf(1903), created(-5), fromOther)],
    ['after a match was deleted', () => write.remove(matchOf(1963))],
    ['after many inserts without the text', async () => {
      for (let i = 0; i < 300; i += 1) await write.insert(itemOf(COUNT + 200 + i, { title: `Bench pine ${i}` }));
    }],
    ['after another connection inserted a match', () => write.insert(itemOf(COUNT + 600, { title: 'Their brass' }), fromOther)],
    ['after another connection made a document match', () => write.retitle(matchOf(11), 'Their Brass now', fromOther)],
    ['after another connection deleted a match', () => write.remove(matchOf(1943), fromOther)],
  ])('answers what a substring check answers %s', async (_label, change) => {
    await expectEveryCheck();
    await change();
    await expectEveryCheck();
    for (const sort of [NEWEST, OLDEST]) {
      const all = [...mirror.values()].filter(text('brass', true)).sort(compare(sort)).map((item) => item._id);
      expect(await cursorPages('brass', sort)).toEqual(all);
    }
  });

  it('does not run the phrase query over all the matches again for a repeated search', async () => {
    const runs = spyOnRuns();
    try {
      const matchAll = (): string[] => runs.sql().filter((sql) => sql.includes(' MATCH ') && !sql.includes('rowid > ?'));
      const fromCandidates = (): string[] => runs.sql().filter((sql) => sql.includes('json_each('));
      const first = await items.find(search('lamp'), { sort: NEWEST, limit: 21 });
      const [afterFirst, candidateReads] = [matchAll().length, fromCandidates().length];
      const second = await items.find(search('lamp'), { sort: NEWEST, limit: 21 });
      expect(second).toEqual(first);
      expect(matchAll()).toHaveLength(afterFirst);
      // Read from the kept candidates, not by a walk or a sort of every match.
      expect(fromCandidates()).toHaveLength(candidateReads + 1);
      // A new match is found by the matches above the largest rowid seen, not by the whole phrase query.
      await write.insert(itemOf(COUNT + 700, { title: 'Newest lamp' }));
      const third = await items.find(search('lamp'), { sort: NEWEST, limit: 21 });
      expect(third[0]._id).toBe(matchOf(COUNT + 700));
      expect(matchAll()).toHaveLength(afterFirst);
      expect(runs.sql().filter((sql) => sql.includes('rowid > ?'))).toHaveLength(1);
    } finally {
      runs.restore();
    }
  });

  it('reads a repeated search sorted by a field of their own from the kept matches too', async () => {
    const runs = spyOnRuns();
    try {
      const matchAll = (): string[] => runs.sql().filter((sql) => sql.includes(' MATCH ') && !sql.includes('rowid > ?'));
      const fromCandidates = (): string[] => runs.sql().filter((sql) => sql.includes('json_each('));
      const first = await items.find(search('lamp'), { sort: WHEN_LATEST, limit: 21 });
      const [afterFirst, candidateReads] = [matchAll().length, fromCandidates().length];
      expect(await items.find(search('lamp'), { sort: WHEN_LATEST, limit: 21 })).toEqual(first);
      expect(matchAll()).toHaveLength(afterFirst);
      expect(fromCandidates()).toHaveLength(candidateReads + 1);
    } finally {
      runs.restore();
    }
  });

  it('reads only the candidates after a cursor, whatever the page', async () => {
    const runs = spyOnRuns();
    try {
      const all = [...mirror.values()].filter(text('brass', true)).sort(compare(NEWEST)).map((item) => item._id);
      expect(await cursorPages('brass')).toEqual(all);
      const candidateReads = runs.calls().filter(({ sql }) => sql.includes('json_each('));
      // One read a page, of at most the page, the row telling whether another follows, and the
      // cursor's own row with its ties (at most two here): never the candidates before the cursor.
      expect(candidateReads).toHaveLength(Math.ceil(all.length / 20));
      for (const { params } of candidateReads) expect(JSON.parse(String(Object.values(params).find((v) => String(v).startsWith('[')))).length).toBeLessThanOrEqual(23);
    } finally {
      runs.restore();
    }
  });

  it('reads without the kept matches inside a transaction, and answers the same', async () => {
    const removed = await items.findOneAndDelete(search('brass'), { sort: NEWEST });
    const newest = [...mirror.values()].filter(text('brass', true)).sort(compare(NEWEST))[0];
    expect(removed?._id).toBe(newest._id);
    mirror.delete(newest._id);
    await expectEveryCheck();
  });
});
