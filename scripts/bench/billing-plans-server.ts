// Child process of the billing plans bench: the product app on a fresh SQLite file with the plans
// seeded and the bench's signed-in user holding a subscription of 1,000 (a heavy subscriber), on
// the given port; on the next port the bare Express + validator floor (bench-app.ts answering a
// fixed list of 20).
import { createApp } from '../../server/app';
import { seedPlans } from '../../server/services/billing/plans/seed';
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { SESSION_SECRET, seedBenchDeveloper } from './app-users-data';
import { seedBenchSubscriptions } from './billing-plans-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-billing-plans-' });
  const ctx = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  await seedPlans(ctx);
  await seedBenchDeveloper(ctx);
  await seedBenchSubscriptions(ctx);
  const floor = createBenchApp(ctx, Array.from({ length: 20 }, (_, k) => benchItem(k))).listen(port + 1);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [floor, server], store, dir });
}

runBenchProcess(main);
