// Chooses the engine: MongoDB when MONGODB_URI is set, else the embedded SQLite file.
import type { Config } from '../config';
import type { Store } from './port';

export async function createStore(config: Pick<Config, 'mongodbUri' | 'mongodbDb' | 'sqlitePath'>): Promise<Store> {
  if (config.mongodbUri) {
    const { openMongoStore } = await import('./mongo/mongo-store');
    return openMongoStore({ uri: config.mongodbUri, dbName: config.mongodbDb });
  }
  const { openSqliteStore } = await import('./sqlite/sqlite-store');
  return openSqliteStore({ path: config.sqlitePath });
}
