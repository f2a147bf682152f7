// Scheduled backups (issue 22 item 4): BACKUP_SCHEDULE and BACKUP_KEEP write archives through the
// blob store, one instance at a time, and keep only the newest; an archive so written restores.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dataPathsFrom, readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { BACKUP_RUNS, parseBackupSchedule, runScheduledBackup } from '../../server/backups/scheduled-backups';
import { restoreBackupArchive } from '../../server/backups/restore-archive';
import { newBackupKey, parseBackupKey } from '../../server/backups/age-keys';
import { blobStoreOf } from '../../server/services/blobs';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { tempDir } from '../helpers/temp-dir';

const HOUR = 3_600_000;

describe('BACKUP_SCHEDULE', () => {
  it.each([
    ['30m', 30 * 60_000],
    ['6h', 6 * HOUR],
    ['1d', 24 * HOUR],
  ])('reads %s as %d ms between backups', (text, ms) => {
    expect(parseBackupSchedule(text)).toBe(ms);
  });

  it.each(['often', '0m', '30s', '6 hours', ''])('refuses "%s" with a message naming the setting', (text) => {
    expect(() => parseBackupSchedule(text)).toThrow(/BACKUP_SCHEDULE must be a time between backups/);
  });
});

describe('scheduled backups through the blob store', () => {
  const root = tempDir('nindo-scheduled-backup-');
  const env = { SQLITE_PATH: join(root, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(root, 'data', 'uploads'), NODE_ENV: 'test', BACKUP_SCHEDULE: '6h', BACKUP_KEEP: '2' };
  let clock = new Date('2026-11-26T00:00:00.000Z');
  let ctx: AppContext;

  beforeAll(async () => {
    const config = readConfig(env);
    ctx = { config, store: await openSqliteStore({ path: config.sqlitePath }), now: () => clock };
    await ctx.store.collection('notes').insertOne({ _id: 'n1', text: 'kept' });
    await blobStoreOf(ctx).put({ key: 'media/logo', data: Buffer.from('logo'), contentType: 'image/png' });
  });

  afterAll(() => ctx.store.close());

  const run = (): Promise<string | null> => runScheduledBackup({ ctx, intervalMs: parseBackupSchedule(ctx.config.backups.schedule ?? ''), keep: ctx.config.backups.keep });

  it('takes one backup when two instances check at once, and none again before it is due', async () => {
    const keys = await Promise.all([run(), run()]);
    expect(keys.filter(Boolean)).toHaveLength(1);
    clock = new Date(clock.getTime() + 5 * HOUR);
    expect(await run()).toBeNull();
    expect(await ctx.store.collection(BACKUP_RUNS).count({})).toBe(1);
  });

  it('keeps the newest BACKUP_KEEP archives and removes the older ones from the blob store', async () => {
    const [first] = await ctx.store.collection(BACKUP_RUNS).find({});
    const written: (string | null)[] = [];
    for (let n = 0; n < 2; n += 1) {
      clock = new Date(clock.getTime() + 6 * HOUR);
      written.push(await run());
    }
    const kept = (await ctx.store.collection(BACKUP_RUNS).find({}, { sort: { createdAt: 1 } })).map((doc) => doc._id);
    expect(kept).toEqual(written);
    expect(await blobStoreOf(ctx).get(first._id)).toBeNull();
    for (const key of kept) expect(await blobStoreOf(ctx).get(key)).not.toBeNull();
  });

  it('copies on the server own connection while it writes, with every record acknowledged before and no gap after', async () => {
    const notes = ctx.store.collection('loadNotes');
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let n = 1; writing; n += 1) {
        await notes.insertOne({ _id: `w${n}`, n, text: 'x'.repeat(2000) });
        acknowledged = n;
        // As a server between requests: the backup's steps and the timers get their turns.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = acknowledged;
    clock = new Date(clock.getTime() + 6 * HOUR);
    const key = await run();
    const after = acknowledged;
    writing = false;
    await writer;
    expect(after).toBeGreaterThan(before);
    const archive = join(tempDir('nindo-scheduled-archive-'), 'load.tar.gz');
    await pipeline((await blobStoreOf(ctx).get(key ?? ''))?.body ?? [], createWriteStream(archive));
    const targetRoot = tempDir('nindo-scheduled-target-');
    const target = dataPathsFrom({ SQLITE_PATH: join(targetRoot, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(targetRoot, 'data', 'uploads') });
    await restoreBackupArchive({ file: archive, target });
    const restored = await openSqliteStore({ path: target.sqlitePath });
    try {
      const numbers = (await restored.collection('loadNotes').find({}, { sort: { n: 1 } })).map((doc) => doc.n as number);
      expect(numbers.length).toBeGreaterThanOrEqual(before);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    } finally {
      await restored.close();
    }
  });

  it('writes an archive that restores, without the earlier archives among the uploads', async () => {
    const [latest] = await ctx.store.collection(BACKUP_RUNS).find({}, { sort: { createdAt: -1 }, limit: 1 });
    const blob = await blobStoreOf(ctx).get(latest._id);
    const archive = join(tempDir('nindo-scheduled-archive-'), 'latest.tar.gz');
    await pipeline(blob?.body ?? [], createWriteStream(archive));
    const targetRoot = tempDir('nindo-scheduled-target-');
    const target = dataPathsFrom({ SQLITE_PATH: join(targetRoot, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(targetRoot, 'data', 'uploads') });
    const restored = await restoreBackupArchive({ file: archive, target });
    // The logo and its content-type sidecar; not the archives under backups/.
    expect([restored.manifest.uploads, restored.uploads]).toEqual([2, 2]);
    const store = await openSqliteStore({ path: target.sqlitePath });
    try {
      expect(await store.collection('notes').findOne({ _id: 'n1' })).toEqual({ _id: 'n1', text: 'kept' });
    } finally {
      await store.close();
    }
  });

  it('stores each archive readable by the server own user only (it holds the keys)', async () => {
    const kept = await ctx.store.collection(BACKUP_RUNS).find({});
    const modes = await Promise.all(kept.map(async ({ _id }) => (await stat(join(ctx.config.uploadsDir, _id))).mode & 0o777));
    expect(modes).toEqual(kept.map(() => 0o600));
  });

  it('with BACKUP_ENCRYPTION_KEY, stores an age archive that restores with the secret key only', async () => {
    const key = newBackupKey();
    clock = new Date(clock.getTime() + 6 * HOUR);
    const written = await runScheduledBackup({ ctx, intervalMs: 6 * HOUR, keep: 5, encryptFor: parseBackupKey(key.publicKey).recipient });
    expect(written).toMatch(/^backups\/nindo-backup-.*\.tar\.gz\.age$/);
    const archive = join(tempDir('nindo-scheduled-archive-'), 'latest.tar.gz.age');
    await pipeline((await blobStoreOf(ctx).get(written ?? ''))?.body ?? [], createWriteStream(archive));
    const targetRoot = tempDir('nindo-scheduled-target-');
    const target = dataPathsFrom({ SQLITE_PATH: join(targetRoot, 'data', 'nindo.sqlite'), UPLOADS_DIR: join(targetRoot, 'data', 'uploads') });
    await expect(restoreBackupArchive({ file: archive, target })).rejects.toThrow(/is encrypted \(age\)/);
    const restored = await restoreBackupArchive({ file: archive, target, key: parseBackupKey(key.secretKey) });
    expect(restored.database?.records).toBeGreaterThan(0);
  });
});
