// SQLite-specific behaviour: the file on disk, and several connections sharing it.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Doc, Store } from '../../server/storage/port';
import { InvalidQueryError } from '../../server/storage/port';
import { openSqliteStore, WAL_CHECKPOINT_PAGES } from '../../server/storage/sqlite/sqlite-store';
import { CACHE_KIB } from '../../server/storage/sqlite/page-cache';

describe('SQLite store on a file', () => {
  let dir: string;
  let path: string;
  let first: Store;
  let second: Store;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-storage-test-'));
    path = join(dir, 'nested', 'dir', 'db.sqlite');
    first = await openSqliteStore({ path });
    second = await openSqliteStore({ path });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the parent directory and uses WAL journaling', () => {
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it(`lets the WAL grow to ${WAL_CHECKPOINT_PAGES.toLocaleString('en-US')} pages before checkpointing, not SQLite's 1,000`, async () => {
    const notes = first.collection('notes');
    // 3,000 commits of a page each and more: at SQLite's default the WAL would restart after 1,000 pages.
    for (let n = 0; n < 3000; n += 1) await notes.insertOne({ _id: `n${n}`, text: 'x'.repeat(3000) });
    const reader = new Database(path, { readonly: true });
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    reader.close();
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(3000 * pageSize);
  });

  it(`keeps at most ${CACHE_KIB.server / 1000} MB of pages on its connection, not better-sqlite3's 16 MB`, async () => {
    const pragmas = jest.spyOn(Database.prototype, 'pragma');
    const third = await openSqliteStore({ path });
    try {
      const asked = pragmas.mock.calls.map(([text]) => text).filter((text) => text.startsWith('cache_size'));
      expect(asked).toEqual([`cache_size = -${CACHE_KIB.server}`]);
      expect(new Database(':memory:').pragma('cache_size', { simple: true })).toBe(-16000);
    } finally {
      pragmas.mockRestore();
      await third.close();
    }
  });

  it('answers array matches for arrays first written by another connection', async () => {
    const mine = first.collection<Doc & { tags: string | string[] }>('things');
    await mine.insertOne({ _id: 'scalar', tags: 'red' });
    expect(await mine.count({ tags: 'red' })).toBe(1);
    await second.collection('things').insertOne({ _id: 'array', tags: ['blue', 'red'] });
    expect((await mine.find({ tags: 'red' })).map((d) => d._id).sort()).toEqual(['array', 'scalar']);
  });

  it('keeps a counter exact when two connections increment it', async () => {
    const a = first.collection<Doc & { n: number }>('counters');
    const b = second.collection<Doc & { n: number }>('counters');
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).findOneAndUpdate({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true })));
    expect(await a.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 40 });
  });

  it('refuses collection names that could clash with tables of its own', () => {
    expect(() => first.collection('_nindo_indexes')).toThrow(InvalidQueryError);
    expect(() => first.collection('sqlite_master')).toThrow(InvalidQueryError);
    expect(() => first.collection('a"b')).toThrow(InvalidQueryError);
  });
});
