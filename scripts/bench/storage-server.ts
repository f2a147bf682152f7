// Child process of the storage bench: seeds 100,000 items into a fresh SQLite file and
// serves the bench app on the given port, so that the load generator runs in another process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { createBenchApp, ITEMS } from './bench-app';
import type { BenchItem } from './bench-app';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu', 'widget', 'gadget', 'gizmo', 'sprocket'];
const STATUSES = ['draft', 'active', 'archived'] as const;
const COUNT = 100_000;
const OWNERS = 100;

export const benchItem = (i: number): BenchItem => ({
  _id: `item-${i}`,
  ownerId: `owner-${i % OWNERS}`,
  name: `${WORDS[i % 30]} ${WORDS[(i * 7) % 29]} ${WORDS[(i * 13) % 23]} ${i}`,
  createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  status: STATUSES[i % 3],
  tags: [WORDS[i % 11], WORDS[i % 17]],
});

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const path = join(mkdtempSync(join(tmpdir(), 'nindo-bench-')), 'bench.sqlite');
  const store = await openSqliteStore({ path });
  await store.ensureIndex({ collection: ITEMS, fields: { ownerId: 1, createdAt: -1 } });
  await store.ensureIndex({ collection: ITEMS, fields: { createdAt: -1 } });
  const items = store.collection<BenchItem>(ITEMS);
  for (let start = 0; start < COUNT; start += 10_000) {
    await items.insertMany(Array.from({ length: 10_000 }, (_, k) => benchItem(start + k)));
  }
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(COUNT - 1 - k));
  const ctx = { config: readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench' }), store, now: () => new Date() };
  createBenchApp(ctx, fixed).listen(port, () => console.log('ready'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
