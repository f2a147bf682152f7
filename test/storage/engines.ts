// The engines the storage tests run against: SQLite always, MongoDB when MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import type { Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';

export interface EngineCase {
  name: 'sqlite' | 'mongodb';
  open: () => Promise<Store>;
}

const mongoUri = process.env.MONGODB_URI;

export const engines: EngineCase[] = [
  { name: 'sqlite', open: () => openSqliteStore({ path: ':memory:' }) },
  ...(mongoUri ? [{ name: 'mongodb' as const, open: () => openMongoStore({ uri: mongoUri, dbName: `nindo_test_${randomUUID().slice(0, 8)}` }) }] : []),
];

if (!mongoUri) {
  console.warn('storage tests: MONGODB_URI is not set, so the MongoDB engine is skipped (SQLite only).');
}
