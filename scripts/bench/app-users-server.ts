// Child process of the app-users bench: the product app on a fresh SQLite file holding the
// bench data (app-users-data.ts), with every index the product declares.
import { createApp } from '../../server/app';
import { seedAppUsers, SESSION_SECRET } from './app-users-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-app-users-' });
  const ctx = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  await seedAppUsers(ctx);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [server], store, dir });
}

runBenchProcess(main);
