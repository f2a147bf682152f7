// Child process of the database bench: the product app on a fresh SQLite file holding the bench
// collection (database-data.ts) on the given port, and on the next port the bare Express +
// validator floor (bench-app.ts answering a fixed list of 20). Argument 2 is the document count;
// argument 3 a file that receives {"seedMs": ...}.
import { writeFileSync } from 'node:fs';
import { createApp } from '../../server/app';
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { SESSION_SECRET } from './app-users-data';
import { seedDatabase } from './database-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const [port, count, statsFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-database-' });
  const ctx = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  writeFileSync(statsFile, JSON.stringify({ seedMs: await seedDatabase({ ctx, count }) }));
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(k));
  const floor = createBenchApp(ctx, fixed).listen(port + 1);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [floor, server], store, dir });
}

runBenchProcess(main);
