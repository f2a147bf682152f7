// Child process of the storage bench: seeds 100,000 items into a fresh SQLite file and
// serves the bench app on the given port, so that the load generator runs in another process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { createBenchApp } from './bench-app';
import { benchItem, COUNT, seedItems } from './bench-data';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-'));
  const store = await openSqliteStore({ path: join(dir, 'bench.sqlite') });
  await seedItems(store);
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(COUNT - 1 - k));
  const ctx = { config: readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench' }), store, now: () => new Date() };
  const server = createBenchApp(ctx, fixed).listen(port, () => console.log('ready'));
  process.on('SIGTERM', () => {
    server.close();
    void store.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
