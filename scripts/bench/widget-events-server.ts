// Child process of the widget events bench: the product app on a fresh SQLite file with the
// bench's signed-in user owning the widgets the batches name, and event limits out of the way
// (the bench measures the write path, not the limiter's refusals), and the fold worker running.
import { createApp } from '../../server/app';
import { SESSION_SECRET, seedBenchDeveloper } from './app-users-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';
import { widgets } from '../../server/services/workspace/model';
import { EVENT_WIDGETS } from './widget-events-data';
import { startEventFoldWorker } from '../../server/services/widget-analytics/fold';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-events-' });
  const product = await productContext({ dir, store, sessionSecret: SESSION_SECRET });
  const ctx = { ...product, config: { ...product.config, eventLimits: { perWidgetPerMinute: 1e12, perAddressPerMinute: 1e12 } } };
  await seedBenchDeveloper(ctx);
  const now = ctx.now().toISOString();
  await widgets(ctx).insertMany(EVENT_WIDGETS.map((_id) => ({ _id, ownerId: 'bench-user', projectId: null, name: _id, type: 'poll', settings: {}, views: 0, created: now, updated: now })));
  startEventFoldWorker(ctx);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [server], store, dir });
}

runBenchProcess(main);
