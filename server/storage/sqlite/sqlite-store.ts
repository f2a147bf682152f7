// The embedded engine: one SQLite table per collection (_id TEXT PRIMARY KEY, doc JSON
// text), expression indexes on json_extract, filters compiled to parameterised SQL.
import type { Database as Connection } from 'better-sqlite3';
import { Database } from './driver';
import { DuplicateKeyError, InvalidQueryError, NothingMatchedError } from '../port';
import type { Collection, Doc, KeyIndexSpec, Store } from '../port';
import { columnOrJsonPath, tableName } from './sql-path';
import { createSqliteCollection } from './sqlite-collection';
import { createArrayPathRegistry } from './array-paths';
import { registerFunctions } from './sqlite-functions';
import { statementCache } from './statement-cache';
import { createOffThreadReader } from './off-thread-read';
import type { AtomicWriter, SqliteDb } from './sqlite-db';
import type { TimeBudget } from './time-budget';
import { dropContainsIndex, ensureContainsIndex } from './contains-index';
import { createGroupCommit } from './group-commit';
import { boundPageCache } from './page-cache';
import { createMatchSets } from './match-sets';
import { preparePrivateDatabase } from './private-files';

const STATEMENT_CACHE_SIZE = 500;
export const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * What one statement may spend before it is stopped with QueryTimeoutError: on the worker, which
 * holds nobody else's request, and on the server's thread, which holds every request meanwhile
 * (an in-memory store, a write, a read the worker handed back). docs/storage.md, "Patterns".
 */
export interface TimeBudgets {
  offThreadMs: number;
  onThreadMs: number;
}
export const TIME_BUDGETS: TimeBudgets = { offThreadMs: 5000, onThreadMs: 250 };

function setUp(db: Connection): TimeBudget {
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // Checkpoint when the WAL holds 10,000 pages (about 40 MB) rather than SQLite's 1,000: a hot page
  // (an index's last leaf, the contains index's newest segment) written by many commits is copied
  // to the file once per checkpoint, so creates spend a fifth less CPU (docs/database-speed.md).
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  boundPageCache(db, 'server');
  const budget = registerFunctions(db);
  db.exec(`CREATE TABLE IF NOT EXISTS _nindo_indexes (name TEXT PRIMARY KEY, collection TEXT NOT NULL, fields TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS _nindo_array_paths (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID;`);
  return budget;
}

function createTable(sdb: SqliteDb, collection: string): void {
  sdb.db.exec(`CREATE TABLE IF NOT EXISTS ${tableName(collection)} (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
}

const indexName = (spec: KeyIndexSpec): string =>
  `${spec.unique ? 'ux' : 'ix'}_${spec.collection}_${Object.entries(spec.fields)
    .map(([field, dir]) => `${field}_${dir === 1 ? 'asc' : 'desc'}`)
    .join('_')}`;

export async function openSqliteStore({ path, timeBudget = {} }: { path: string; timeBudget?: Partial<TimeBudgets> }): Promise<Store> {
  if (path !== ':memory:') preparePrivateDatabase(path);
  const { offThreadMs, onThreadMs } = { ...TIME_BUDGETS, ...timeBudget };
  const db = new Database(path);
  const budget = setUp(db);
  const prepare = statementCache(db, STATEMENT_CACHE_SIZE);
  const arrayPaths = createArrayPathRegistry(db, prepare);
  const sdb: SqliteDb = {
    db,
    prepare,
    arrayPaths,
    groupCommit: createGroupCommit({ db, prepare, record: arrayPaths.record }),
    atomicWriters: new Map(),
    matchSets: createMatchSets({ prepare, inTransaction: () => db.inTransaction }),
    offThread: path === ':memory:' ? undefined : createOffThreadReader({ path, budgetMs: offThreadMs }),
    budget,
    onThreadMs,
  };
  const collections = new Map<string, Collection<Doc>>();

  const collection = <T extends Doc = Doc>(name: string): Collection<T> => {
    let coll = collections.get(name);
    if (!coll) {
      createTable(sdb, name);
      coll = createSqliteCollection<Doc>(sdb, name);
      collections.set(name, coll);
    }
    return coll as unknown as Collection<T>;
  };

  return {
    engine: 'sqlite',
    // Every SQLite write is atomic in its transaction: `lockFree` changes nothing here.
    collection,
    async writeAtomically(writes) {
      const writers = writes.map((write) => {
        collection(write.collection);
        return sdb.atomicWriters.get(write.collection) as AtomicWriter;
      });
      return db
        .transaction(() =>
          writes.map((write, index) => {
            const writer = writers[index];
            if ('insert' in write) {
              writer.insert(write.insert);
              return write.insert;
            }
            const before = 'update' in write ? writer.update(write.update.filter, write.update.update) : writer.delete(write.delete);
            // Thrown inside the transaction, so it is rolled back.
            if (!before) throw new NothingMatchedError(index);
            return before;
          }),
        )
        .immediate();
    },
    async ensureIndex(spec) {
      if ('contains' in spec) {
        createTable(sdb, spec.collection);
        return ensureContainsIndex({ db, prepare, spec });
      }
      const entries = Object.entries(spec.fields);
      if (entries.length === 0) throw new InvalidQueryError('An index needs at least one field');
      const name = indexName(spec);
      const fields = JSON.stringify(Object.keys(spec.fields));
      // Every start ensures every index: one read when it is there already, no write transaction.
      if (prepare('SELECT fields FROM _nindo_indexes WHERE name = ?').pluck().get(name) === fields) return;
      createTable(sdb, spec.collection);
      const columns = entries.map(([field, dir]) => `${columnOrJsonPath(field)}${dir === -1 ? ' DESC' : ''}`).join(', ');
      try {
        db.transaction(() => {
          db.exec(`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON ${tableName(spec.collection)} (${columns})`);
          db.prepare('INSERT OR REPLACE INTO _nindo_indexes (name, collection, fields) VALUES (?, ?, ?)').run(name, spec.collection, fields);
        }).immediate();
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateKeyError(spec.collection, Object.keys(spec.fields));
        throw err;
      }
    },
    async dropIndex(spec) {
      if ('contains' in spec) return dropContainsIndex({ db, spec });
      const name = indexName(spec);
      tableName(spec.collection);
      db.transaction(() => {
        db.exec(`DROP INDEX IF EXISTS "${name}"`);
        db.prepare('DELETE FROM _nindo_indexes WHERE name = ?').run(name);
      }).immediate();
    },
    async backupTo(file) {
      await db.backup(file);
    },
    async checkpoint() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      if (!db.open) return;
      await sdb.offThread?.close();
      db.pragma('optimize');
      db.close();
    },
  };
}
