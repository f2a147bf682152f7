// Child process of the database bench: the product app on a fresh SQLite file holding the bench
// collection (database-data.ts) on the given port, and on the next port the bare Express +
// validator floor (bench-app.ts answering a fixed list of 20). Argument 2 is the document count;
// argument 3 a file that receives {"seedMs": ...}.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { ensureIndexes } from '../../server/storage/indexes';
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { SESSION_SECRET } from './app-users-data';
import { seedDatabase } from './database-data';

async function main(): Promise<void> {
  const [port, count, statsFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-database-'));
  const store = await openSqliteStore({ path: join(dir, 'bench.sqlite') });
  await ensureIndexes(store);
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET, DATA_DIR: dir }), sqlitePath: join(dir, 'bench.sqlite') };
  const ctx = { config, store, now: () => new Date() };
  writeFileSync(statsFile, JSON.stringify({ seedMs: await seedDatabase({ ctx, count }) }));
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(k));
  const floor = createBenchApp(ctx, fixed).listen(port + 1);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
  process.on('SIGTERM', () => {
    floor.close();
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
