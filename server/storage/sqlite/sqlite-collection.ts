// One collection on SQLite. better-sqlite3 is synchronous, so every method runs to the
// end without yielding; writes run in IMMEDIATE transactions so that other processes on
// the same file are serialised too (findOneAndUpdate/findOneAndDelete are atomic). Reads
// that test a pattern on every row or scan a large collection no index narrows, and counts known
// to be slow, go to the worker thread (off-thread-read.ts) when the store has one; every
// statement runs within a time budget.
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError } from '../port';
import type { Collection, Doc, Filter, FindOneAndUpdateOptions, FindOptions, SortSpec, Update } from '../port';
import { checkDocId, checkPaging, equalityFields, parseFilter, usesPattern } from '../filter';
import type { FilterNode } from '../filter';
import { applyUpdate, parseUpdate, upsertSeed } from '../update';
import type { UpdateStep } from '../update';
import { compileFilter, sortExpression } from './compile-filter';
import type { CompiledFilter } from './compile-filter';
import { pageWalkIsBounded } from './bounded-walk';
import { containsLookup } from './contains-planner';
import { firstKeyBound, keptOrder } from './match-sets';
import type { ContainsLookup } from './contains-planner';
import { insertRows } from './insert-rows';
import { tableName } from './sql-path';
import type { SqliteDb } from './sqlite-db';
import { BUDGET_TERM, scansWithPattern } from './sqlite-functions';
import { largeCollection, scansWholeTable } from './whole-scan';
import type { OffThreadRequest, Row } from './off-thread-read';

// `doc` holds the whole document, _id included, so a read is one JSON.parse.
const toDoc = <T extends Doc>(row: Row): T => JSON.parse(row.doc) as T;

function serialize(doc: Doc): { id: string; body: string } {
  return { id: checkDocId(doc), body: JSON.stringify(doc) };
}

function orderBy(sort: SortSpec | undefined): string {
  const entries = Object.entries(sort ?? {});
  if (entries.length === 0) return '';
  return ` ORDER BY ${entries.map(([field, dir]) => `${sortExpression(field)} ${dir === -1 ? 'DESC' : 'ASC'}`).join(', ')}`;
}

function pageOf(options: FindOptions): string {
  const { skip, limit } = checkPaging(options);
  if (limit === 0 && skip === 0) return '';
  return ` LIMIT ${limit === 0 ? -1 : limit}${skip ? ` OFFSET ${skip}` : ''}`;
}

export function createSqliteCollection<T extends Doc>(sdb: SqliteDb, name: string): Collection<T> {
  const { db, prepare } = sdb;
  const table = tableName(name);
  const contains = containsLookup({ db, prepare, collection: name });
  const containsForCounts = containsLookup({ db, prepare, collection: name, everyMatch: true });
  const containsForPages = containsLookup({ db, prepare, collection: name, walk: true });
  const duplicateKey = (err: unknown): unknown => {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new DuplicateKeyError(name, ['_id']);
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE') return err;
    const index = /index '([^']+)'/.exec((err as Error).message)?.[1];
    const fields = index ? (prepare('SELECT fields FROM _nindo_indexes WHERE name = ?').pluck().get(index) as string | undefined) : undefined;
    return new DuplicateKeyError(name, fields ? (JSON.parse(fields) as string[]) : ['unknown']);
  };

  const guarded = <R>(fn: () => R): R => {
    try {
      return fn();
    } catch (err) {
      throw duplicateKey(err);
    }
  };

  /** Compiles the filter against the collection's array paths and hands the WHERE clause to `run`. */
  const withWhere = <R>(
    node: FilterNode,
    run: (where: string, params: Record<string, string | number>, paths: ReadonlySet<string>, compiled: CompiledFilter) => R,
    lookup = contains,
    { candidates = false } = {},
  ): R =>
    sdb.arrayPaths.consistentRead(name, (paths) => {
      const compiled = compileFilter(node, paths, lookup, { candidates });
      return run(` WHERE ${compiled.sql}`, compiled.params, paths, compiled);
    });

  /** A statement run on the server's thread, within its budget. */
  const onThread = <R>(statement: () => R): R => sdb.budget.within(sdb.onThreadMs, statement);

  const selectSql = (options: FindOptions) => (where: string): string => `SELECT _id, doc FROM ${table}${where}${orderBy(options.sort)}${pageOf(options)}`;
  const countSql = (where: string): string => `SELECT COUNT(*) FROM ${table}${where}`;

  const selectWith = (node: FilterNode, options: FindOptions, lookup: ContainsLookup): Row[] | undefined =>
    withWhere(
      node,
      (where, params, _paths, compiled) => {
        const sql = selectSql(options)(where);
        // A walk against the matches pays off only in an index's order, for a page near the start.
        if (compiled.walksMatches && !pageWalkIsBounded({ prepare, sql, params, ...checkPaging(options) })) return undefined;
        return onThread(() => prepare(sql).all(params) as Row[]);
      },
      lookup,
    );

  /**
   * A sorted page of a rare text's matches read from its kept set (match-sets.ts); undefined when
   * none serves it, or when the rest of the filter tests a pattern on each row (the worker's read).
   */
  const fromMatchSet = (node: FilterNode, options: FindOptions): Row[] | undefined => {
    const sort = options.sort ?? {};
    if (db.inTransaction || checkPaging(options).limit === 0 || !usesPattern(node) || !keptOrder(sort)) return undefined;
    return withWhere(
      node,
      (where, params, paths, compiled) => {
        const found = compiled.candidates;
        // NOT INDEXED leaves SQLite the rowid alone: it looks the candidates up and sorts them, where
        // an index giving the order (or an equality's, an app's or an owner's) would walk every row
        // it holds against them, all of them for a text whose matches are old.
        const sql = selectSql(options)(` NOT INDEXED${where}`);
        if (!found || scansWithPattern(sql)) return undefined;
        const { skip, limit } = checkPaging(options);
        const read = (candidates: string): Row[] => onThread(() => prepare(sql).all({ ...params, [found.param]: candidates }) as Row[]);
        const bound = paths.has(Object.keys(sort)[0]) ? undefined : firstKeyBound(node, sort);
        return sdb.matchSets.page({ collection: name, table, fts: found.fts, phrase: found.phrase, sort, bound, end: skip + limit, limit, read });
      },
      contains,
      { candidates: true },
    );
  };

  /**
   * A sorted page of a rare text comes from its kept matches, or may walk them in the sort's index
   * (contains-planner.ts); anything else looks them up.
   */
  const select = (node: FilterNode, options: FindOptions): Row[] => {
    const paged = Object.keys(options.sort ?? {}).length > 0 && checkPaging(options).limit > 0;
    return fromMatchSet(node, options) ?? (paged ? selectWith(node, options, containsForPages) : undefined) ?? (selectWith(node, options, contains) as Row[]);
  };

  /**
   * The read to send to the worker, when there is one, compiled here for the collection's array
   * paths: a statement that tests a pattern on every row (unless `bounded` says the walk stops
   * soon), one that scans a large collection with no index narrowing it (whole-scan.ts; given a
   * term that asks the worker's budget on each row), and any `slow` one.
   */
  const offThreadRequest = ({
    node,
    sqlOf,
    slow = false,
    bounded,
    lookup,
  }: {
    node: FilterNode;
    sqlOf: (where: string) => string;
    slow?: boolean;
    bounded?: (sql: string, compiled: CompiledFilter) => boolean;
    lookup?: ContainsLookup;
  }): OffThreadRequest | undefined => {
    if (!sdb.offThread) return undefined;
    // A small collection's scan stays here: only its size is read before compiling.
    const large = largeCollection({ prepare, table });
    if (!(slow || large || usesPattern(node))) return undefined;
    return withWhere(
      node,
      (where, params, paths, compiled) => {
        const sql = sqlOf(where);
        const request = (text: string): OffThreadRequest => ({ sql: text, params, collection: name, arrayPaths: [...paths] });
        const pattern = scansWithPattern(sql);
        if (pattern && !slow && bounded?.(sql, compiled)) return undefined;
        if (!pattern && large && compiled.sql !== '1' && scansWholeTable({ prepare, collection: name, sql, params })) return request(sqlOf(` WHERE ${BUDGET_TERM} AND (${compiled.sql})`));
        return slow || pattern ? request(sql) : undefined;
      },
      lookup,
    );
  };

  /** A page whose patterns are all common indexed literals, read in an index's order: it meets its rows soon (pageWalkIsBounded). */
  const boundedPage =
    (options: FindOptions) =>
    (sql: string, compiled: CompiledFilter): boolean =>
      compiled.commonPatternsOnly && pageWalkIsBounded({ prepare, sql, params: compiled.params, ...checkPaging(options) });

  /** A kept set's page first: it is bounded, and compiling for the worker would be spent for nothing. */
  const read = async (node: FilterNode, options: FindOptions): Promise<Row[]> => {
    const kept = fromMatchSet(node, options);
    if (kept) return kept;
    const request = offThreadRequest({ node, sqlOf: selectSql(options), bounded: boundedPage(options) });
    const rows = request && (await sdb.offThread?.rows(request));
    return rows ?? select(node, options);
  };

  const writeTx = <R>(fn: () => R): R => guarded(() => db.transaction(fn).immediate());

  const insert = (doc: Doc): void => {
    const { id, body } = serialize(doc);
    prepare(`INSERT INTO ${table} (_id, doc) VALUES (?, ?)`).run(id, body);
    sdb.arrayPaths.record(name, doc);
  };

  const rewrite = (row: Row, steps: UpdateStep[]): { before: T; after: T; modified: boolean } => {
    const before = toDoc<T>(row);
    const after = applyUpdate(before, steps, false);
    const { body } = serialize(after);
    const modified = body !== row.doc;
    if (modified) {
      prepare(`UPDATE ${table} SET doc = ? WHERE _id = ?`).run(body, row._id);
      sdb.matchSets.changed(name);
      sdb.arrayPaths.record(name, after);
    }
    return { before, after, modified };
  };

  const updateRows = (filter: Filter, update: Update, limit: number): { matched: number; modified: number } => {
    const node = parseFilter(filter);
    const steps = parseUpdate(update);
    return writeTx(() => {
      const rows = select(node, { limit });
      const modified = rows.filter((row) => rewrite(row, steps).modified).length;
      return { matched: rows.length, modified };
    });
  };

  const updateFirst = (node: FilterNode, steps: UpdateStep[], options: FindOneAndUpdateOptions): T | null => {
    const [row] = select(node, { limit: 1 });
    if (row) {
      const { before, after } = rewrite(row, steps);
      return options.returnDocument === 'before' ? before : after;
    }
    if (!options.upsert) return null;
    const seeded = applyUpdate(upsertSeed(equalityFields(node)), steps, true) as Record<string, unknown>;
    const doc = { ...seeded, _id: seeded._id ?? randomUUID() } as T;
    insert(doc);
    return options.returnDocument === 'before' ? null : doc;
  };

  const deleteFirst = (node: FilterNode, sort?: FindOptions['sort']): T | null => {
    const [row] = select(node, { sort, limit: 1 });
    if (!row) return null;
    prepare(`DELETE FROM ${table} WHERE _id = ?`).run(row._id);
    sdb.matchSets.changed(name);
    return toDoc<T>(row);
  };

  // The same writes for Store.writeAtomically, run inside its one transaction.
  sdb.atomicWriters.set(name, {
    insert: (doc) => guarded(() => insert(doc)),
    update: (filter, update) => guarded(() => updateFirst(parseFilter(filter), parseUpdate(update), { returnDocument: 'before' })),
    delete: (filter) => deleteFirst(parseFilter(filter)),
  });

  return {
    async insertOne(doc, options = {}) {
      if (!options.groupCommit) {
        writeTx(() => insert(doc));
        return doc;
      }
      const { id, body } = serialize(doc);
      await sdb.groupCommit.insert({ table, collection: name, id, body, doc }, duplicateKey);
      return doc;
    },
    async insertMany(docs) {
      const rows = docs.map(serialize);
      writeTx(() => {
        insertRows({ prepare, table, rows });
        for (const doc of docs) sdb.arrayPaths.record(name, doc);
      });
      return docs.length;
    },
    async insertEach(docs) {
      // A refused INSERT undoes only itself: the transaction keeps the others.
      return writeTx(() =>
        docs.map((doc) => {
          try {
            insert(doc);
            return true;
          } catch (err) {
            if (duplicateKey(err) instanceof DuplicateKeyError) return false;
            throw err;
          }
        }),
      );
    },
    async findOne(filter, options = {}) {
      const node = parseFilter(filter);
      const [row] = await read(node, { sort: options.sort, limit: 1 });
      return row ? toDoc<T>(row) : null;
    },
    async find(filter, options = {}) {
      const node = parseFilter(filter);
      return (await read(node, options)).map((row) => toDoc<T>(row));
    },
    async count(filter, options = {}) {
      const node = parseFilter(filter);
      const request = offThreadRequest({ node, sqlOf: countSql, slow: options.slow, lookup: containsForCounts });
      const counted = request && (await sdb.offThread?.count(request));
      return counted ?? withWhere(node, (where, params) => onThread(() => prepare(countSql(where)).pluck().get(params) as number), containsForCounts);
    },
    async updateOne(filter, update) {
      return updateRows(filter, update, 1);
    },
    async updateMany(filter, update) {
      return updateRows(filter, update, 0);
    },
    async findOneAndUpdate(filter, update, options = {}) {
      const node = parseFilter(filter);
      const steps = parseUpdate(update);
      return writeTx(() => updateFirst(node, steps, options));
    },
    async findOneAndDelete(filter, options = {}) {
      const node = parseFilter(filter);
      return writeTx(() => deleteFirst(node, options.sort));
    },
    async deleteOne(filter) {
      const node = parseFilter(filter);
      return writeTx(() => {
        const [row] = select(node, { limit: 1 });
        sdb.matchSets.changed(name);
        return row ? prepare(`DELETE FROM ${table} WHERE _id = ?`).run(row._id).changes : 0;
      });
    },
    async deleteMany(filter) {
      const node = parseFilter(filter);
      sdb.matchSets.changed(name);
      return writeTx(() => withWhere(node, (where, params) => onThread(() => prepare(`DELETE FROM ${table}${where}`).run(params).changes)));
    },
  };
}
