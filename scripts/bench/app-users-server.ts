// Child process of the app-users bench: the product app on a fresh SQLite file holding the
// bench data (app-users-data.ts), with every index the product declares.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { ensureIndexes } from '../../server/storage/indexes';
import { seedAppUsers, SESSION_SECRET } from './app-users-data';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-app-users-'));
  const store = await openSqliteStore({ path: join(dir, 'bench.sqlite') });
  await ensureIndexes(store);
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET, DATA_DIR: dir }), sqlitePath: join(dir, 'bench.sqlite') };
  const ctx = { config, store, now: () => new Date() };
  await seedAppUsers(ctx);
  const server = createApp(ctx).listen(port, () => console.log('ready'));
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
