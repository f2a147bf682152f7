// Issue 27 item 7: two first starts at once with --demo on a new SQLite file both start, with the
// demo seeded once (under the store lease) and the same accounts printed by each.
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { seedDemo } from '../../server/demo/seed';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { tempDir } from '../helpers/temp-dir';

/** One instance's start on the shared file, up to the demo seed (server/main.ts's order). */
async function instance(sqlitePath: string): Promise<AppContext> {
  const config = readConfig({ SQLITE_PATH: sqlitePath, NODE_ENV: 'test' });
  const store = await openSqliteStore({ path: sqlitePath });
  await ensureIndexes(store, productIndexes());
  return { config, store, now: () => new Date() };
}

describe('the demo seed on two first starts at once', () => {
  it('seeds once, and both instances print the same accounts', async () => {
    const sqlitePath = join(tempDir('nindo-demo-twice-'), 'data', 'nindo.sqlite');
    const [a, b] = [await instance(sqlitePath), await instance(sqlitePath)];
    try {
      const [linesA, linesB] = await Promise.all([seedDemo(a), seedDemo(b)]);
      expect(linesA.length).toBeGreaterThan(0);
      expect(linesB).toEqual(linesA);
      expect(await a.store.collection('users').count({})).toBe(3);
    } finally {
      await Promise.all([a.store.close(), b.store.close()]);
    }
  }, 60_000);
});
