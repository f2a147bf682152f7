// Child process of the public data API bench: the database bench's app and collection (100k
// documents, database-data.ts) with an App Secret, answered as the app itself over HTTP Basic
// on the given port, and on the next port the bare Express + validator floor (bench-app.ts).
// Argument 2 is the document count. Each category's documents get an owner (issue 28's owner-filtered list).
import { createApp } from '../../server/app';
import { apps } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { SESSION_SECRET } from './app-users-data';
import { CATEGORIES, COLLECTION, DB_APP, seedDatabase } from './database-data';
import type { AppContext } from '../../server/context';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';
import { PUBLIC_APP_SECRET } from './public-data';

/** Each category's documents to a store of their own (c42 to store-42): 100 owners of 1,000 documents each. */
async function giveOwners(ctx: AppContext): Promise<void> {
  const collection = await findCollection({ ctx, appId: DB_APP, name: COLLECTION });
  for (let k = 0; k < CATEGORIES; k += 1) await documentStore(ctx, collection._id).updateMany({ category: `c${k}` }, { $set: { _owner: `store-${k}` } });
}

async function main(): Promise<void> {
  const [port, count] = [Number(process.argv[2]), Number(process.argv[3])];
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-public-data-' });
  const base = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  // The limits are not what is measured: high enough that the run never meets them.
  const ctx = { ...base, config: { ...base.config, dataQuotas: { ...base.config.dataQuotas, requestsPerMinute: 10_000_000 } } };
  await seedDatabase({ ctx, count });
  await apps(ctx).updateOne({ _id: DB_APP }, { $set: { secretKey: seal(ctx, PUBLIC_APP_SECRET) } });
  await giveOwners(ctx);
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(k));
  const floor = createBenchApp(ctx, fixed).listen(port + 1);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [floor, server], store, dir });
}

runBenchProcess(main);
