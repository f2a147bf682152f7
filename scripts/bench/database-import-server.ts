// Child process of the import bench: the product app with its import worker on a fresh SQLite file
// and blob folder, holding the empty `people` collection (database-import-data.ts), on the given port.
import { join } from 'node:path';
import { createApp } from '../../server/app';
import { startImportWorker } from '../../server/services/database/transfer/import-worker';
import { SESSION_SECRET } from './app-users-data';
import { seedImportTarget } from './database-import-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-import-' });
  const product = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  const ctx = { ...product, config: { ...product.config, uploadsDir: join(dir, 'uploads') } };
  await seedImportTarget(ctx);
  startImportWorker(ctx);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [server], store, dir });
}

runBenchProcess(main);
