// Entry point: `tsx server/main.ts [--demo]`. Opens the configured engine, creates
// indexes, seeds demo data when asked, starts background workers and listens.
// First: refuses an unsupported Node before anything loads a native addon.
import './refuse-unsupported-node';
import { readConfig } from './config';
import { createApp } from './app';
import { createHttpServer } from './http/http-server';
import { createStore } from './storage';
import { ensureIndexes } from './storage/indexes';
import { productIndexes, queueProbes } from './registry';
import { seedDemo } from './demo/seed';
import { startWorkers } from './workers';
import { gracefulShutdown } from './shutdown';
import { resealStoredSecrets } from './services/crypto/reseal-stored-secrets';
import { seedCatalog } from './services/workspace/catalog/catalog-apps';
import { seedPlans } from './services/billing/plans/seed';
import type { AppContext } from './context';
import { evolveStore } from './schema-evolution/evolve-store';
import { SchemaEvolutionError } from './schema-evolution/refusal';
import { migrations } from './migrations';
import { OpenApiDocumentError, openApiDocument } from './http/openapi-document';
import { log } from './observability/log';
import { queueStates } from './observability/queues';
import { instrumentStore } from './observability/instrument-store';
import { slowStoreLog } from './observability/slow-store-log';
import { BackupKeyError } from './backups/backup-key-error';

async function main(): Promise<void> {
  const config = readConfig();
  // Read first: a missing or broken OPENAPI_DOCUMENT refuses the start before the store is touched.
  const document = openApiDocument();
  const opened = await createStore(config);
  await ensureIndexes(opened, productIndexes(document));
  // Pending migrations run, and stored records are checked against the document, before anything reads them.
  await evolveStore({ store: opened, document, migrations, now: () => new Date() });
  // Metrics only with a token to read them (docs/operations.md); the queue gauges read the store at each scrape.
  // prom-client is loaded only then.
  const metrics = config.metricsToken ? (await import('./observability/metrics')).createMetrics({ queues: () => queueStates({ ctx, queues: queueProbes }) }) : undefined;
  const observers = [metrics?.observeStore, config.slowStoreMs ? slowStoreLog({ thresholdMs: config.slowStoreMs, warn: (fields, message) => log.warn(fields, message) }) : undefined].filter((observe) => observe !== undefined);
  const store = observers.length > 0 ? instrumentStore(opened, (call) => observers.forEach((observe) => observe(call))) : opened;
  const ctx: AppContext = { config, store, now: () => new Date(), metrics };
  // The widget catalog is data (server/data/widget-catalog.json): each start brings the store up to date.
  await seedCatalog(ctx);
  // Plans are data too (server/data/billing-plans.json): missing ones are added, stored ones keep their edits.
  await seedPlans(ctx);
  // After a key rotation, what the previous keys sealed moves to the current key.
  if (config.previousEncryptionKeys.length > 0) {
    const { resealed, unreadable } = await resealStoredSecrets({ ctx });
    log.info({ resealed, unreadable: unreadable.length }, `Encryption key rotation: ${resealed} secrets re-sealed, ${unreadable.length} open with no configured key.`);
  }
  if (process.argv.includes('--demo')) {
    const lines = await seedDemo(ctx);
    await opened.checkpoint?.();
    // The demo's accounts are a message for the person who started it, not a log line.
    console.log(lines.join('\n'));
  }
  const stopWorkers = startWorkers(ctx);
  const server = createHttpServer(createApp(ctx)).listen(config.port, () => {
    log.info({ url: config.publicUrl, engine: store.engine }, `${config.brand} is running on ${config.publicUrl} (storage: ${store.engine})`);
  });
  // A rolling restart's SIGTERM: no request fails and no job waits for a lease (server/shutdown.ts).
  const shutdown = gracefulShutdown({ ctx, server, stopWorkers, exit: (code) => log.flush(() => process.exit(code)) });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  // A refusal is a message for the operator, not a crash: no stack, and readable on its own.
  if (err instanceof SchemaEvolutionError || err instanceof OpenApiDocumentError || err instanceof BackupKeyError) console.error(err.message);
  else log.fatal({ err }, 'The server could not start');
  log.flush(() => process.exit(1));
});
