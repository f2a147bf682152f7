// Child process of the public data API bench: seeds the database bench's app and collection
// (100k documents, database-data.ts) with an App Secret into a SQLite file, then closes it, for
// the built server (`dist/server/main.js`) to serve. Arguments: the data folder, the document
// count and the session secret the server will run with (it seals the App Secret).
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { apps } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { ensureIndexes } from '../../server/storage/indexes';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { DB_APP, seedDatabase } from './database-data';
import { runBenchProcess } from './bench-server-process';
import { PUBLIC_APP_SECRET } from './public-data';

async function main(): Promise<void> {
  const [dir, count, sessionSecret] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
  const sqlitePath = join(dir, 'nindo.sqlite');
  const store = await openSqliteStore({ path: sqlitePath });
  await ensureIndexes(store);
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET: sessionSecret, DATA_DIR: dir }), sqlitePath };
  const ctx = { config, store, now: () => new Date() };
  await seedDatabase({ ctx, count });
  await apps(ctx).updateOne({ _id: DB_APP }, { $set: { secretKey: seal(ctx, PUBLIC_APP_SECRET) } });
  await store.close();
}

runBenchProcess(main);
