// Child process of the public data API bench: seeds the database bench's app and collection
// (100k documents, database-data.ts) with an App Secret into a SQLite file, then closes it, for
// the built server (`dist/server/main.js`) to serve. Arguments: the data folder, the document
// count and the session secret the server will run with (it seals the App Secret). Each category's
// documents get an owner (issue 28's owner-filtered list). A fifth argument, a MongoDB URI, seeds
// that database instead (the engines bench: FerretDB), without owners (no owner row there, and
// FerretDB rewrites every document of each category's update).
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { apps } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { ensureIndexes } from '../../server/storage/indexes';
import { createStore } from '../../server/storage';
import { CATEGORIES, COLLECTION, DB_APP, seedDatabase } from './database-data';
import type { AppContext } from '../../server/context';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import { productIndexes } from '../../server/registry';
import { runBenchProcess } from './bench-server-process';
import { PUBLIC_APP_SECRET } from './public-data';

/** Each category's documents to a store of their own (c42 to store-42): 100 owners of 1,000 documents each. */
async function giveOwners(ctx: AppContext): Promise<void> {
  const collection = await findCollection({ ctx, appId: DB_APP, name: COLLECTION });
  for (let k = 0; k < CATEGORIES; k += 1) await documentStore(ctx, collection._id).updateMany({ category: `c${k}` }, { $set: { _owner: `store-${k}` } });
}

async function main(): Promise<void> {
  const [dir, count, sessionSecret, mongodbUri] = [process.argv[2], Number(process.argv[3]), process.argv[4], process.argv[5] ?? ''];
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET: sessionSecret, DATA_DIR: dir, MONGODB_URI: mongodbUri }), sqlitePath: join(dir, 'nindo.sqlite') };
  const store = await createStore(config);
  await ensureIndexes(store, productIndexes());
  const ctx = { config, store, now: () => new Date() };
  await seedDatabase({ ctx, count });
  await apps(ctx).updateOne({ _id: DB_APP }, { $set: { secretKey: seal(ctx, PUBLIC_APP_SECRET) } });
  if (!mongodbUri) await giveOwners(ctx);
  await store.close();
}

runBenchProcess(main);
