// Data files are readable by the server's own user only, whatever the umask (issue 36: db.sqlite and
// its -wal, which hold live sessions, were 0644 in a folder the operator made, while archives of the
// same data were 0600): the SQLite file, -wal and -shm 0600, the disk blob store's files 0600 in
// folders 0700; files an earlier version left readable to others are narrowed when the store opens.
import { Readable } from 'node:stream';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { diskBlobStore } from '../../server/services/blobs/disk';
import { tempDir } from '../helpers/temp-dir';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** Runs `work` under `umask`, then puts the process's umask back. */
async function underUmask<T>(umask: number, work: () => Promise<T>): Promise<T> {
  const before = process.umask(umask);
  try {
    return await work();
  } finally {
    process.umask(before);
  }
}

/** A store opened at `path`, one write (which makes the -wal and -shm), closed. */
async function writeOnce(path: string): Promise<void> {
  const store = await openSqliteStore({ path });
  await store.collection('sessions').insertOne({ _id: 's1', data: 'a live session' });
  await store.close();
}

describe.each([
  ['the usual 022', 0o022],
  ['none at all', 0o000],
])('with the umask %s', (_name, umask) => {
  test('a new SQLite file, its -wal and -shm are 0600 in a new folder of 0700', async () => {
    const folder = join(tempDir('nindo-modes-'), 'operator-made', 'data');
    const path = join(folder, 'nindo.sqlite');
    await underUmask(umask, async () => {
      const store = await openSqliteStore({ path });
      await store.collection('sessions').insertOne({ _id: 's1', data: 'a live session' });
      // Read while open: SQLite removes the -wal and -shm when the last connection closes.
      expect([modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
      await store.close();
    });
    expect(modeOf(folder)).toBe(0o700);
  });

  test('the disk blob store writes files 0600 and folders 0700', async () => {
    const dir = join(tempDir('nindo-blob-modes-'), 'uploads');
    const blobs = diskBlobStore({ dir });
    await underUmask(umask, async () => {
      await blobs.put({ key: 'media/logo.png', data: Buffer.from('png'), contentType: 'image/png' });
      await blobs.putStream({ key: 'imports/rows.csv', body: Readable.from([Buffer.from('a,b\n')]), size: 4, contentType: 'text/csv' });
    });
    const files = ['media/logo.png', 'media/logo.png.meta.json', 'imports/rows.csv', 'imports/rows.csv.meta.json'];
    expect(files.map((file) => modeOf(join(dir, file)))).toEqual(files.map(() => 0o600));
    expect(['', 'media', 'imports'].map((folder) => modeOf(join(dir, folder)))).toEqual([0o700, 0o700, 0o700]);
  });
});

test('a SQLite file, -wal and -shm an earlier version left 0644 are 0600 once the store opens', async () => {
  const folder = tempDir('nindo-old-modes-');
  const path = join(folder, 'nindo.sqlite');
  await writeOnce(path);
  chmodSync(path, 0o644);
  // As a server stopped without a clean close leaves them.
  writeFileSync(`${path}-wal`, '');
  writeFileSync(`${path}-shm`, '');
  chmodSync(`${path}-wal`, 0o644);
  chmodSync(`${path}-shm`, 0o644);
  const store = await openSqliteStore({ path });
  try {
    expect([modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
    expect(await store.collection('sessions').findOne({ _id: 's1' })).toMatchObject({ data: 'a live session' });
  } finally {
    await store.close();
  }
});

test('a folder the operator made keeps its own mode', async () => {
  const folder = join(tempDir('nindo-operator-'), 'srv');
  mkdirSync(folder, { mode: 0o755 });
  chmodSync(folder, 0o755);
  await writeOnce(join(folder, 'nindo.sqlite'));
  expect(modeOf(folder)).toBe(0o755);
  expect(modeOf(join(folder, 'nindo.sqlite'))).toBe(0o600);
});
