// The engines the storage tests run against: SQLite always, MongoDB when MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';

/** What answers on the engine: the SQLite engine, a MongoDB server, or FerretDB speaking MongoDB's protocol. */
export type Server = 'sqlite' | 'mongodb' | 'ferretdb';

export interface EngineCase {
  name: 'sqlite' | 'mongodb';
  open: () => Promise<Store>;
  server: () => Promise<Server>;
}

const mongoUri = process.env.MONGODB_URI;

/** FerretDB answers buildInfo with its own version besides the MongoDB version it imitates. */
async function mongoServer(uri: string): Promise<Server> {
  const client = new MongoClient(uri);
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return typeof info.ferretdbVersion === 'string' ? 'ferretdb' : 'mongodb';
  } finally {
    await client.close();
  }
}

export const engines: EngineCase[] = [
  { name: 'sqlite', open: () => openSqliteStore({ path: ':memory:' }), server: () => Promise.resolve('sqlite') },
  ...(mongoUri
    ? [
        {
          name: 'mongodb' as const,
          open: () => openMongoStore({ uri: mongoUri, dbName: `nindo_test_${randomUUID().slice(0, 8)}` }),
          server: () => mongoServer(mongoUri),
        },
      ]
    : []),
];

if (!mongoUri) {
  console.warn('storage tests: MONGODB_URI is not set, so the MongoDB engine is skipped (SQLite only).');
}
