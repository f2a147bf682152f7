// Child process of the public data API bench: the database bench's app and collection (100k
// documents, database-data.ts) with an App Secret, answered as the app itself over HTTP Basic
// on the given port, and on the next port the bare Express + validator floor (bench-app.ts).
// Argument 2 is the document count.
import { createApp } from '../../server/app';
import { apps } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { SESSION_SECRET } from './app-users-data';
import { DB_APP, seedDatabase } from './database-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';
import { PUBLIC_APP_SECRET } from './public-data';

async function main(): Promise<void> {
  const [port, count] = [Number(process.argv[2]), Number(process.argv[3])];
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-public-data-' });
  const base = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  // The limits are not what is measured: high enough that the run never meets them.
  const ctx = { ...base, config: { ...base.config, dataQuotas: { ...base.config.dataQuotas, requestsPerMinute: 10_000_000 } } };
  await seedDatabase({ ctx, count });
  await apps(ctx).updateOne({ _id: DB_APP }, { $set: { secretKey: seal(ctx, PUBLIC_APP_SECRET) } });
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(k));
  const floor = createBenchApp(ctx, fixed).listen(port + 1);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [floor, server], store, dir });
}

runBenchProcess(main);
