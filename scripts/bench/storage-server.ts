// Child process of the storage bench: seeds 100,000 items into a fresh SQLite file and
// serves the bench app on the given port, so that the load generator runs in another process.
import { readConfig } from '../../server/config';
import { createBenchApp } from './bench-app';
import { benchItem, COUNT, seedItems } from './bench-data';
import { closeOnTerm, openBenchStore, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-' });
  await seedItems(store);
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(COUNT - 1 - k));
  const ctx = { config: readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench' }), store, now: () => new Date() };
  const server = createBenchApp(ctx, fixed).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [server], store, dir });
}

runBenchProcess(main);
