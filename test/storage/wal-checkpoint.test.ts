// After a bulk write made before serving (the demo seed, issue 36: it left a 14 MB WAL that every
// query read around until SQLite's own checkpoint at 40 MB), Store.checkpoint empties the WAL into
// the database file; the start calls it after seeding (server/main.ts).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { tempDir } from '../helpers/temp-dir';

test('checkpoint empties the WAL that a bulk write filled, and keeps what was written', async () => {
  const path = join(tempDir('nindo-wal-'), 'nindo.sqlite');
  const store = await openSqliteStore({ path });
  try {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ _id: `r${i}`, text: 'x'.repeat(500) }));
    await store.collection('rows').insertMany(rows);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(1_000_000);
    await store.checkpoint?.();
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(await store.collection('rows').count({})).toBe(2000);
  } finally {
    await store.close();
  }
});
