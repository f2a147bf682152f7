// The restored SQLite file is checked before it is put in place: SQLite's integrity check, that it
// is Nindo's (its _nindo_indexes table), and what it holds, counted for the restore's report.
import { Database } from '../storage/sqlite/driver';
import { DATABASE_ENTRY } from './layout';
import { RestoreRefusedError } from './restore-refused';

export interface DatabaseCount {
  collections: number;
  records: number;
}

/** Tables of collections: "_id" and "doc" columns (sqlite-store.ts), not SQLite's or Nindo's own. */
const COLLECTION_TABLES = `SELECT name FROM sqlite_master m WHERE type = 'table'
  AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_nindo\\_%' ESCAPE '\\'
  AND (SELECT COUNT(*) FROM pragma_table_info(m.name) WHERE name IN ('_id', 'doc')) = 2 ORDER BY name`;

function countOf(db: InstanceType<typeof Database>): DatabaseCount {
  const result = db.pragma('integrity_check(10)') as { integrity_check: string }[];
  const problems = result.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  if (problems.length > 0) throw new RestoreRefusedError(`${DATABASE_ENTRY} in the archive fails SQLite's integrity check (${problems[0]})`);
  if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_nindo_indexes'`).get()) {
    throw new RestoreRefusedError(`${DATABASE_ENTRY} in the archive is a SQLite database, but not Nindo's (it has no _nindo_indexes table)`);
  }
  const tables = db.prepare(COLLECTION_TABLES).pluck().all() as string[];
  const records = tables.reduce((sum, name) => sum + (db.prepare(`SELECT COUNT(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number), 0);
  return { collections: tables.length, records };
}

/** Answers what the database at `path` holds, or refuses it in one line. */
export function checkDatabase(path: string): DatabaseCount {
  let db: InstanceType<typeof Database> | undefined;
  try {
    db = new Database(path, { fileMustExist: true });
    return countOf(db);
  } catch (err) {
    if (err instanceof RestoreRefusedError) throw err;
    throw new RestoreRefusedError(`${DATABASE_ENTRY} in the archive is not a usable SQLite database (${(err as Error).message.split('\n')[0]})`);
  } finally {
    db?.close();
  }
}
