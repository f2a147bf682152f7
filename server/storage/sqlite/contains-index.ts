// A contains index on SQLite (port.ts, ContainsIndexSpec): an FTS5 table with the trigram
// tokenizer holding the field's text values under the collection row's rowid, kept in step by
// triggers on the collection's table, so every writer of the file (other processes included)
// keeps it right without knowing of it. Contentless (`content=''`): it stores the trigrams, not
// a second copy of the text; `contentless_delete` lets the triggers remove a row's entry.
import type { Database, Statement } from 'better-sqlite3';
import { InvalidQueryError } from '../port';
import type { ContainsIndexSpec } from '../port';
import { fieldSegments } from '../filter';
import { jsonPathLiteral, tableName } from './sql-path';
import { preFoldSql } from './contains-literal';

/** Marks the FTS5 tables of contains indexes; `$` cannot occur in a collection's name. */
const MARK = '$contains$';

/**
 * The FTS5 table of a collection's field, unquoted (a field's segments hold no quotes). The final
 * `$` keeps it apart from the shadow tables FTS5 makes for another field (`<table>_data`...) and
 * from the triggers (`<table>insert`...), whatever the field names.
 */
export const containsTable = (collection: string, field: string): string => `${collection}${MARK}${field}$`;

/** Whether a table of sqlite_schema is the FTS5 table of a contains index. */
export const isContainsTable = (name: string): boolean => name.includes(MARK) && name.endsWith('$');

interface Names {
  table: string;
  fts: string;
  /** The JSON path literal of the field, quoted for SQL. */
  path: string;
  trigger: (event: 'insert' | 'delete' | 'update') => string;
}

function namesOf(spec: ContainsIndexSpec): Names {
  const segments = fieldSegments(spec.contains);
  if (segments[0] === '_id') throw new InvalidQueryError('A contains index cannot be on _id');
  const fts = containsTable(spec.collection, spec.contains);
  return { table: tableName(spec.collection), fts: `"${fts}"`, path: `'${jsonPathLiteral(segments)}'`, trigger: (event) => `"${fts}${event}"` };
}

/** Only text values are indexed: a pattern matches nothing else. */
function createSql({ table, fts, path, trigger }: Names): string {
  const text = (doc: string): string => `json_type(${doc}, ${path}) = 'text'`;
  const value = (doc: string): string => preFoldSql(`json_extract(${doc}, ${path})`);
  const changed = `json_extract(old.doc, ${path}) IS NOT json_extract(new.doc, ${path}) OR json_type(old.doc, ${path}) IS NOT json_type(new.doc, ${path})`;
  return `CREATE VIRTUAL TABLE ${fts} USING fts5(value, tokenize = 'trigram', content = '', contentless_delete = 1);
    CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} WHEN ${text('new.doc')} BEGIN
      INSERT INTO ${fts} (rowid, value) VALUES (new.rowid, ${value('new.doc')});
    END;
    CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} WHEN ${text('old.doc')} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.rowid;
    END;
    CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF doc ON ${table} WHEN ${changed} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.rowid AND ${text('old.doc')};
      INSERT INTO ${fts} (rowid, value) SELECT new.rowid, ${value('new.doc')} WHERE ${text('new.doc')};
    END;
    INSERT INTO ${fts} (rowid, value) SELECT rowid, ${value('doc')} FROM ${table} WHERE ${text('doc')};`;
}

/** Creates the index and fills it from the documents already there; nothing when it exists. */
export function ensureContainsIndex({ db, prepare, spec }: { db: Database; prepare: (sql: string) => Statement; spec: ContainsIndexSpec }): void {
  const names = namesOf(spec);
  const exists = (): boolean => prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).pluck().get(containsTable(spec.collection, spec.contains)) === 1;
  // Every start ensures every index: one read when it is there already, no write transaction.
  if (exists()) return;
  db.transaction(() => {
    if (!exists()) db.exec(createSql(names));
  }).immediate();
}

/** Drops the triggers and the FTS5 table. */
export function dropContainsIndex({ db, spec }: { db: Database; spec: ContainsIndexSpec }): void {
  const { fts, trigger } = namesOf(spec);
  db.transaction(() => {
    db.exec(`DROP TRIGGER IF EXISTS ${trigger('insert')}; DROP TRIGGER IF EXISTS ${trigger('delete')}; DROP TRIGGER IF EXISTS ${trigger('update')}; DROP TABLE IF EXISTS ${fts};`);
  }).immediate();
}
