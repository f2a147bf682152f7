// Child process of the widgets bench: the product app on a fresh SQLite file holding the bench
// data (widgets-data.ts), with every index the product declares.
import { createApp } from '../../server/app';
import { SESSION_SECRET } from './app-users-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';
import { seedWidgets } from './widgets-data';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-widgets-' });
  const ctx = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  await seedWidgets(ctx);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [server], store, dir });
}

runBenchProcess(main);
