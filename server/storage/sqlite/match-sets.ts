// A rare text's matches kept between requests, in a list's order (issue 29 item 3). Each page of
// a search read the whole match set from the contains index again (the FTS5 phrase query alone
// costs about 590 µs over 1,000 matches of 100,000 documents) and then sorted or walked it. Here a
// (collection, contains table, phrase, order) keeps its matches' rowids sorted by the order's keys,
// built once; a page reads only the first candidates, with the rest of the filter in SQL
// (compile-filter.ts, CompiledFilter.candidates), and reads more of them when the rest leaves the
// page short, up to all of them: the answer is the one the index gives (docs/storage.md,
// "Contains indexes", "Match sets kept").
//
// Why the sets stay true, on the connection that keeps them (the server's thread; the read worker
// never uses them):
// - an insert gets a rowid above every rowid there, so a set is extended by the matches above the
//   largest rowid it has seen, when the table's max(rowid) grew (a lookup);
// - an update or delete of the collection through this connection drops its sets (`changed`, from
//   the collection's write path), since it may move a document into or out of a set or change
//   its sort key;
// - any commit by another connection changes `PRAGMA data_version`: checked after every read that
//   used a set, it drops every set and the read is made again without them;
// - inside a transaction no set is used or made, so none ever holds a row that is rolled back.
// SQLite serves one instance (docs/deployment.md), so this process-local cache holds nothing
// another instance needs to see.
import type { Statement } from 'better-sqlite3';
import type { SortSpec } from '../port';
import type { FilterNode } from '../filter';
import { sortExpression } from './compile-filter';
import type { Row } from './off-thread-read';
import { rareBelow } from './contains-planner';
import { compareSortKeys, compareValues } from './sort-keys';
import type { SortKey } from './sort-keys';

/**
 * Sets kept at most, and their size in all: an entry is a rowid and one key per sort field in flat
 * arrays, counted as 8 bytes a number and 16 + 2 a character a text (`_created` and an `_id` UUID:
 * about 160 bytes, so 50,000 such entries), so a sort on a long text field keeps fewer entries,
 * not more memory.
 */
export const MAX_SETS = 64;
export const MAX_BYTES = 8_000_000;
/** Whether a page in `sort` may be read through a kept set: any order, since the keys are SQLite's own values of the sort's expressions. */
export const keptOrder = (sort: SortSpec): boolean => Object.keys(sort).length > 0;
const keySize = (key: SortKey): number => (typeof key === 'string' ? 16 + 2 * key.length : Buffer.isBuffer(key) ? 16 + key.length : 8);
const sizeOf = (rowids: number, keys: SortKey[]): number => keys.reduce<number>((sum, key) => sum + keySize(key), 8 * rowids);
/** The first read takes the page's end (the whole page when the text is the only condition); each further one four times more. */
const FIRST_SHARE = 1;
const GROWTH = 4;

interface MatchSet {
  collection: string;
  /** Rowids in the order's sequence, and their keys (fields x entries, flat). */
  rowids: number[];
  keys: SortKey[];
  /** The largest rowid of the collection's table the set has seen. */
  seen: number;
  /** sizeOf its entries. */
  bytes: number;
  generation: number;
}

/** A bound on the order's first key that every row must pass, as a list's cursor puts first (cursor.ts, afterFilter). */
export interface FirstKeyBound {
  value: string;
  inclusive: boolean;
}

/**
 * The filter's bound on `sort`'s first field in the order's direction ($lt/$lte descending,
 * $gt/$gte ascending) to a text, when a conjunct every row must pass sets one: the candidates
 * before it all fail it (texts compared as SQLite compares them; other types fail the compiled
 * type test). Not for a field that has held an array, whose elements are tested too.
 */
export function firstKeyBound(node: FilterNode, sort: SortSpec): FirstKeyBound | undefined {
  const [field, direction] = Object.entries(sort)[0] ?? [];
  if (node.kind !== 'field') return node.kind === 'and' ? node.items.map((item) => firstKeyBound(item, sort)).find(Boolean) : undefined;
  if (node.path !== field) return undefined;
  for (const op of node.ops) {
    if (!('value' in op) || typeof op.value !== 'string') continue;
    if (direction === -1 && (op.op === '$lt' || op.op === '$lte')) return { value: op.value, inclusive: op.op === '$lte' };
    if (direction === 1 && (op.op === '$gt' || op.op === '$gte')) return { value: op.value, inclusive: op.op === '$gte' };
  }
  return undefined;
}

export interface MatchSets {
  /** An update or delete of the collection through this connection: its sets are dropped. */
  changed(collection: string): void;
  /**
   * The page read through the kept set of (fts, phrase) in `sort`: `read` runs the page's
   * statement with the candidates' rowids (a JSON array) bound. Undefined when no set may serve
   * it (an order not kept, a text the planner would not call rare, a transaction open, another
   * connection committed meanwhile): the caller reads without one.
   */
  page(args: {
    collection: string;
    table: string;
    fts: string;
    phrase: string;
    sort: SortSpec;
    /** Where the candidates start: after those the bound excludes (a binary search). */
    bound?: FirstKeyBound;
    end: number;
    limit: number;
    read: (candidates: string) => Row[];
  }): Row[] | undefined;
}

export function createMatchSets({ prepare, inTransaction }: { prepare: (sql: string) => Statement; inTransaction: () => boolean }): MatchSets {
  const sets = new Map<string, MatchSet>();
  const generations = new Map<string, number>();
  let bytes = 0;
  let version = -1;
  const dataVersion = (): number => prepare('PRAGMA data_version').pluck().get() as number;
  const generationOf = (collection: string): number => generations.get(collection) ?? 0;

  const drop = (key: string): void => {
    bytes -= sets.get(key)?.bytes ?? 0;
    sets.delete(key);
  };
  const dropAll = (): void => {
    sets.clear();
    bytes = 0;
  };
  const keep = (key: string, set: MatchSet): void => {
    drop(key);
    sets.set(key, set);
    bytes += set.bytes;
    // Oldest used first in a Map's order.
    while (sets.size > MAX_SETS || bytes > MAX_BYTES) drop(sets.keys().next().value ?? '');
  };

  /** The rows of `where` (the matches, all or above a rowid) with their sort keys, unsorted. */
  const matchesSql = ({ table, fts, fields, above }: { table: string; fts: string; fields: string[]; above: boolean }): string =>
    `SELECT rowid, ${fields.map(sortExpression).join(', ')} FROM ${table} WHERE rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?${above ? ' AND rowid > ?' : ''} LIMIT ?)`;

  /** Adds rows [rowid, ...keys] into the set's order, each where a binary search puts it; false when the set would reach `bound`. */
  const merge = ({ set, rows, sort, bound }: { set: MatchSet; rows: SortKey[][]; sort: SortSpec; bound: number }): boolean => {
    if (set.rowids.length + rows.length >= bound) return false;
    const width = Object.keys(sort).length;
    const entry = (i: number): SortKey[] => [set.rowids[i], ...set.keys.slice(i * width, (i + 1) * width)];
    for (const row of rows) {
      let [low, high] = [0, set.rowids.length];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareSortKeys({ sort, a: entry(middle), b: row }) < 0) low = middle + 1;
        else high = middle;
      }
      set.rowids.splice(low, 0, row[0] as number);
      set.keys.splice(low * width, 0, ...row.slice(1));
      set.bytes += sizeOf(1, row.slice(1));
    }
    return true;
  };

  /** The first entry the bound lets through: the entries before it sort past the bound's value. */
  const firstWithin = ({ set, sort, bound }: { set: MatchSet; sort: SortSpec; bound: FirstKeyBound }): number => {
    const [width, direction] = [Object.keys(sort).length, Object.values(sort)[0]];
    const excluded = (i: number): boolean => {
      const order = compareValues(set.keys[i * width], bound.value) * direction;
      return bound.inclusive ? order < 0 : order <= 0;
    };
    let [low, high] = [0, set.rowids.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (excluded(middle)) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  /** How many entries from `start` have the bound's value as their first key. */
  const tiesAt = ({ set, sort, bound, start }: { set: MatchSet; sort: SortSpec; bound: FirstKeyBound; start: number }): number => {
    const width = Object.keys(sort).length;
    let end = start;
    while (end < set.rowids.length && compareValues(set.keys[end * width], bound.value) === 0) end += 1;
    return end - start;
  };

  const build = ({ collection, table, fts, phrase, sort, bound, seen }: { collection: string; table: string; fts: string; phrase: string; sort: SortSpec; bound: number; seen: number }): MatchSet | undefined => {
    const rows = prepare(matchesSql({ table, fts, fields: Object.keys(sort), above: false })).raw().all(phrase, bound) as SortKey[][];
    if (rows.length >= bound) return undefined;
    rows.sort((a, b) => compareSortKeys({ sort, a, b }));
    const keys = rows.flatMap((row) => row.slice(1));
    return { collection, rowids: rows.map((row) => row[0] as number), keys, seen, bytes: sizeOf(rows.length, keys), generation: generationOf(collection) };
  };

  /** The kept set, extended by the matches inserted since; undefined when there is none and none may be made. */
  const current = (args: { key: string; collection: string; table: string; fts: string; phrase: string; sort: SortSpec }): MatchSet | undefined => {
    const { key, collection, table, fts, phrase, sort } = args;
    // max(rowid) stands for the row count, as in the planner: a set holds a rare text's matches only.
    const seen = (prepare(`SELECT max(rowid) FROM ${table}`).pluck().get() as number | null) ?? 0;
    const bound = rareBelow(seen);
    const kept = sets.get(key);
    if (!kept || kept.generation !== generationOf(collection)) {
      const made = build({ ...args, seen, bound });
      if (made) keep(key, made);
      else drop(key);
      return made;
    }
    if (seen > kept.seen) {
      const rows = prepare(matchesSql({ table, fts, fields: Object.keys(sort), above: true })).raw().all(phrase, kept.seen, bound) as SortKey[][];
      kept.seen = seen;
      const before = kept.bytes;
      if (rows.length > 0 && !merge({ set: kept, rows, sort, bound })) {
        drop(key);
        return undefined;
      }
      bytes += kept.bytes - before;
    }
    keep(key, kept);
    return kept;
  };

  return {
    changed(collection) {
      generations.set(collection, generationOf(collection) + 1);
    },
    page({ collection, table, fts, phrase, sort, bound, end, limit, read }) {
      if (inTransaction() || !keptOrder(sort)) return undefined;
      const before = dataVersion();
      if (before !== version) {
        dropAll();
        version = before;
      }
      const key = JSON.stringify([collection, fts, phrase, sort]);
      const set = current({ key, collection, table, fts, phrase, sort });
      if (!set) return undefined;
      const start = bound ? firstWithin({ set, sort, bound }) : 0;
      const left = set.rowids.length - start;
      // A cursor's own row (and its ties) pass its inclusive bound and fail the rest: read past them.
      const ties = bound?.inclusive ? tiesAt({ set, sort, bound, start }) : 0;
      let rows: Row[] = [];
      // The rows of the page lie among the first candidates unless the rest of the filter drops
      // many: then more are read, up to all of them (exactly what the index would hand over).
      for (let take = Math.max(1, FIRST_SHARE * end + ties); ; take *= GROWTH) {
        rows = left <= 0 ? [] : read(JSON.stringify(set.rowids.slice(start, start + take)));
        if (rows.length >= limit || take >= left) break;
      }
      if (dataVersion() === version) return rows;
      dropAll();
      return undefined;
    },
  };
}
