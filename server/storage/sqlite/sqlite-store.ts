// The embedded engine: one SQLite table per collection (_id TEXT PRIMARY KEY, doc JSON
// text), expression indexes on json_extract, filters compiled to parameterised SQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateKeyError, InvalidQueryError } from '../port';
import type { Collection, Doc, IndexSpec, Store } from '../port';
import { columnOrJsonPath, tableName } from './sql-path';
import { createSqliteCollection } from './sqlite-collection';
import { createArrayPathRegistry } from './array-paths';
import { registerFunctions } from './sqlite-functions';
import { statementCache } from './statement-cache';
import { createOffThreadCounter } from './off-thread-count';
import type { SqliteDb } from './sqlite-db';

const STATEMENT_CACHE_SIZE = 500;

function setUp(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  registerFunctions(db);
  db.exec(`CREATE TABLE IF NOT EXISTS _nindo_indexes (name TEXT PRIMARY KEY, collection TEXT NOT NULL, fields TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS _nindo_array_paths (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID;`);
}

function createTable(sdb: SqliteDb, collection: string): void {
  sdb.db.exec(`CREATE TABLE IF NOT EXISTS ${tableName(collection)} (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
}

const indexName = (spec: IndexSpec): string =>
  `${spec.unique ? 'ux' : 'ix'}_${spec.collection}_${Object.entries(spec.fields)
    .map(([field, dir]) => `${field}_${dir === 1 ? 'asc' : 'desc'}`)
    .join('_')}`;

export async function openSqliteStore({ path }: { path: string }): Promise<Store> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  setUp(db);
  const prepare = statementCache(db, STATEMENT_CACHE_SIZE);
  const sdb: SqliteDb = {
    db,
    prepare,
    arrayPaths: createArrayPathRegistry(db, prepare),
    offThread: path === ':memory:' ? undefined : createOffThreadCounter(path),
  };
  const collections = new Map<string, Collection<Doc>>();

  return {
    engine: 'sqlite',
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let coll = collections.get(name);
      if (!coll) {
        createTable(sdb, name);
        coll = createSqliteCollection<Doc>(sdb, name);
        collections.set(name, coll);
      }
      return coll as unknown as Collection<T>;
    },
    async ensureIndex(spec) {
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
      const name = indexName(spec);
      tableName(spec.collection);
      db.transaction(() => {
        db.exec(`DROP INDEX IF EXISTS "${name}"`);
        db.prepare('DELETE FROM _nindo_indexes WHERE name = ?').run(name);
      }).immediate();
    },
    async close() {
      if (!db.open) return;
      await sdb.offThread?.close();
      db.pragma('optimize');
      db.close();
    },
  };
}
