// What every bench child process does around its own seeding: a throw-away SQLite store in a
// temporary folder, and on SIGTERM its servers closed, the store closed and the folder removed.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import type { Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';

export async function openBenchStore({ prefix }: { prefix: string }): Promise<{ dir: string; store: Store }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, store: await openSqliteStore({ path: join(dir, 'bench.sqlite') }) };
}

/** The product's context on the bench store, with every index the product declares. */
export async function productContext({ dir, store, sessionSecret }: { dir: string; store: Store; sessionSecret: string }): Promise<AppContext> {
  await ensureIndexes(store, productIndexes());
  const config = { ...readConfig({ NODE_ENV: 'production', SESSION_SECRET: sessionSecret, DATA_DIR: dir }), sqlitePath: join(dir, 'bench.sqlite') };
  return { config, store, now: () => new Date() };
}

export function closeOnTerm({ servers, store, dir }: { servers: Server[]; store: Store; dir: string }): void {
  process.on('SIGTERM', () => {
    for (const server of servers) server.close();
    void store.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

export function runBenchProcess(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
