// Issue 22 item 4: a backup taken while another process keeps storing files and records restores
// into a fresh folder with every record acknowledged before it began, each with its file, and
// the key files; what it holds of the writes made meanwhile is a whole prefix, never one with holes.
import { spawn } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataPathsFrom, readConfig } from '../../server/config';
import { createBackupArchive } from '../../server/backups/create-archive';
import { restoreBackupArchive, RestoreRefusedError } from '../../server/backups/restore-archive';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { readBlob } from '../../server/services/blobs';
import { diskBlobStore } from '../../server/services/blobs/disk';
import { tempDir } from '../helpers/temp-dir';
import { loadBytes } from './load-bytes';

const ROOT = join(__dirname, '..', '..');

interface Writer {
  acknowledged: () => number;
  stop: () => Promise<void>;
}

/** Starts write-load.ts on the folder; resolves once it has acknowledged `warm` records. */
async function startWriter({ env, warm }: { env: Record<string, string>; warm: number }): Promise<Writer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/backups/write-load.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let acknowledged = 0;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) acknowledged = Math.max(acknowledged, Number(line.replace('ack ', '')));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  while (acknowledged < warm) {
    if (child.exitCode !== null) throw new Error(`the writer exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    acknowledged: () => acknowledged,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const folderEnv = (root: string): Record<string, string> => ({ SQLITE_PATH: join(root, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(root, 'data', 'uploads'), NODE_ENV: 'test' });

describe('npm run backup and npm run restore on SQLite', () => {
  it('restores a backup taken under write load with every acknowledged record, its file and the keys', async () => {
    const env = folderEnv(tempDir('nindo-backup-source-'));
    const source = readConfig(env);
    const writer = await startWriter({ env, warm: 200 });
    let before = 0;
    let after = 0;
    const archive = join(tempDir('nindo-backup-archive-'), 'backup.tar.gz');
    try {
      before = writer.acknowledged();
      const manifest = await createBackupArchive({ source, file: archive, now: () => new Date() });
      after = writer.acknowledged();
      expect(manifest).toMatchObject({ engine: 'sqlite', database: true, keys: ['session.secret', 'encryption.key'] });
    } finally {
      await writer.stop();
    }
    // The writer kept writing while the backup ran: the load was real.
    expect(after).toBeGreaterThan(before);

    const targetEnv = folderEnv(tempDir('nindo-backup-target-'));
    const target = dataPathsFrom(targetEnv);
    await restoreBackupArchive({ file: archive, target });
    const store = await openSqliteStore({ path: target.sqlitePath });
    try {
      const numbers = (await store.collection('loadRecords').find({}, { sort: { n: 1 } })).map((record) => record.n as number);
      expect(numbers.length).toBeGreaterThanOrEqual(before);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
      const blobs = diskBlobStore({ dir: target.uploadsDir });
      const missing: number[] = [];
      for (const n of numbers) {
        const blob = await readBlob({ store: blobs, key: `load/${n}` });
        if (!blob?.data.equals(loadBytes(n)) || blob.contentType !== 'text/plain') missing.push(n);
      }
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
    const restored = readConfig(targetEnv);
    expect([restored.sessionSecret, restored.encryptionKey]).toEqual([source.sessionSecret, source.encryptionKey]);
  }, 120_000);

  it('links only whole files: the disk store writes a file aside and renames it, never at its key', async () => {
    const dir = tempDir('nindo-whole-blobs-');
    const data = Buffer.alloc(16 * 1024 * 1024, 1);
    const path = join(dir, 'media', 'big');
    const seen = new Set<number>();
    let writing = true;
    const watch = (async () => {
      while (writing) {
        const size = (await stat(path).catch(() => null))?.size;
        if (size !== undefined) seen.add(size);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await diskBlobStore({ dir }).put({ key: 'media/big', data, contentType: 'application/octet-stream' });
    writing = false;
    await watch;
    expect([...seen].filter((size) => size !== data.length)).toEqual([]);
  });

  it.each([
    ['a SQLite file', (root: string) => writeFile(join(root, 'data', 'nindo.sqlite'), '')],
    ['a key file', (root: string) => writeFile(join(root, 'data', 'session.secret'), 'x\n')],
  ])('refuses to restore into a data folder holding %s', async (_, occupy) => {
    const source = readConfig(folderEnv(tempDir('nindo-backup-source-')));
    const store = await openSqliteStore({ path: source.sqlitePath });
    await store.collection('loadRecords').insertOne({ _id: 'r1', n: 1 });
    await store.close();
    const archive = join(tempDir('nindo-backup-archive-'), 'backup.tar.gz');
    await createBackupArchive({ source, file: archive, now: () => new Date() });
    const root = tempDir('nindo-backup-target-');
    const target = dataPathsFrom(folderEnv(root));
    await mkdir(join(root, 'data'), { recursive: true });
    await occupy(root);
    const refusal = restoreBackupArchive({ file: archive, target });
    await expect(refusal).rejects.toThrow(RestoreRefusedError);
    await expect(refusal).rejects.toThrow(/Restore needs an empty data folder/);
  });
});
