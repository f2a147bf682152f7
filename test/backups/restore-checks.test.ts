// Issue 27 item 5: npm run restore checks the archive whole before it writes anything (the gzip and
// tar streams, every file against the manifest's checksum, the database's integrity check), answers
// each failure in one line naming it, and leaves nothing behind in the folders it was to fill.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createBackupArchive } from '../../server/backups/create-archive';
import { newBackupKey, parseBackupKey } from '../../server/backups/age-keys';
import { dataPathsFrom } from '../../server/config';
import type { Config } from '../../server/config';
import { restoreBackupArchive, RestoreRefusedError } from '../../server/backups/restore-archive';
import { tempDir } from '../helpers/temp-dir';
import { folderEnv, handMadeArchive, runScript, sourceInstallation } from './archive-fixtures';

let source: Config;
let plain: string;
let encrypted: string;
let key: { secretKey: string; publicKey: string };
let otherKey: { secretKey: string; publicKey: string };

beforeAll(async () => {
  [key, otherKey] = await Promise.all([newBackupKey(), newBackupKey()]);
  source = await sourceInstallation();
  const dir = tempDir('nindo-restore-archives-');
  plain = join(dir, 'backup.tar.gz');
  encrypted = join(dir, 'backup.tar.gz.age');
  await createBackupArchive({ source, file: plain, now: () => new Date() });
  await createBackupArchive({ source, file: encrypted, now: () => new Date(), encryptFor: parseBackupKey(key.publicKey).recipient });
}, 60_000);

/** A copy of `from` changed by `change`, in a folder of its own. */
async function altered(from: string, change: (bytes: Buffer) => Buffer): Promise<string> {
  const file = join(tempDir('nindo-altered-'), 'altered.tar.gz');
  await writeFile(file, change(await readFile(from)));
  return file;
}

const restoreInto = async ({ file, env = {} }: { file: string; env?: Record<string, string> }) => {
  const root = tempDir('nindo-restore-target-');
  return { root, run: await runScript({ script: 'restore', args: [file], env: { ...folderEnv(root), ...env } }) };
};

const withByte = (at: (bytes: Buffer) => number, value: (old: number) => number) => (bytes: Buffer): Buffer => {
  const copy = Buffer.from(bytes);
  copy[at(copy)] = value(copy[at(copy)]);
  return copy;
};

describe('npm run restore refuses a damaged or unusable archive in one line, leaving nothing behind', () => {
  it.each<[string, () => Promise<string>, Record<string, string> | (() => Record<string, string>), RegExp]>([
    ['a truncated archive', () => altered(plain, (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))), {}, /is truncated: its compressed data ends early/],
    ['an archive whose gzip check fails', () => altered(plain, withByte((bytes) => bytes.length - 8, (old) => old ^ 0xff)), {}, /is damaged: its compressed data does not check out \(incorrect data check\)/],
    ['an archive whose gzip header is corrupt', () => altered(plain, withByte(() => 2, () => 7)), {}, /is damaged: its compressed data does not check out \(unknown compression method\)/],
    ['a gzip file that is not a tar', () => altered(plain, () => gzipSync(randomBytes(20_000))), {}, /is damaged: it is not a valid tar archive/],
    ['a file that is not an archive', () => altered(plain, () => randomBytes(4096)), {}, /is not a backup archive: it is neither a tar\.gz nor age-encrypted/],
    ['an empty file', () => altered(plain, () => Buffer.alloc(0)), {}, /is empty/],
    ['a folder', async () => tempDir('nindo-not-an-archive-'), {}, /cannot be read: EISDIR/],
    [
      'random bytes as the database, with their right checksum',
      () => handMadeArchive({ files: { 'database/nindo.sqlite': { data: randomBytes(4096) } } }),
      {},
      /database\/nindo\.sqlite in the archive is not a usable SQLite database \(file is not a database\)/,
    ],
    [
      'a file that does not match its checksum',
      () => handMadeArchive({ files: { 'uploads/media/logo': { data: Buffer.from('logo') } }, manifest: { files: { 'uploads/media/logo': { size: 4, sha256: '0'.repeat(64) } } } }),
      {},
      /uploads\/media\/logo in the archive does not match its checksum in manifest\.json/,
    ],
    ['a file its manifest does not list', () => handMadeArchive({ files: {}, unlisted: { 'uploads/media/extra': { data: Buffer.from('x') } } }), {}, /holds uploads\/media\/extra, which its manifest\.json does not list/],
    ['an encrypted archive without BACKUP_ENCRYPTION_KEY', async () => encrypted, {}, /is encrypted \(age\): set BACKUP_ENCRYPTION_KEY to the secret key it was written for/],
    ['an encrypted archive with another key', async () => encrypted, () => ({ BACKUP_ENCRYPTION_KEY: otherKey.secretKey }), /BACKUP_ENCRYPTION_KEY does not open it: it was encrypted for another age key/],
    ['an encrypted archive with only the public key', async () => encrypted, () => ({ BACKUP_ENCRYPTION_KEY: key.publicKey }), /BACKUP_ENCRYPTION_KEY is a public key \(age1\.\.\.\): restoring needs its secret key/],
    ['a truncated encrypted archive', () => altered(encrypted, (bytes) => bytes.subarray(0, bytes.length - 100)), () => ({ BACKUP_ENCRYPTION_KEY: key.secretKey }), /is truncated or damaged/],
    [
      'an encrypted archive with a changed byte',
      () => altered(encrypted, withByte((bytes) => bytes.length - 40, (old) => old ^ 0x01)),
      () => ({ BACKUP_ENCRYPTION_KEY: key.secretKey }),
      /cannot be restored: it is (truncated or )?damaged/,
    ],
    ['a key that is not an age key', async () => encrypted, () => ({ BACKUP_ENCRYPTION_KEY: 'correct horse battery staple' }), /^BACKUP_ENCRYPTION_KEY must be an age key/],
  ])('%s', async (_, archive, env, message) => {
    // Keys are made in beforeAll, after this table: a row's env is read when it runs.
    const { root, run } = await restoreInto({ file: await archive(), env: typeof env === 'function' ? env() : env });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect({ code: run.code, stdout: run.stdout, left: readdirSync(root) }).toEqual({ code: 1, stdout: '', left: [] });
  }, 30_000);
});

describe('an interrupted restore', () => {
  it('answers one line and leaves nothing behind', async () => {
    const root = tempDir('nindo-restore-target-');
    const interrupted = new AbortController();
    interrupted.abort();
    const restore = restoreBackupArchive({ file: plain, target: dataPathsFrom(folderEnv(root)), signal: interrupted.signal });
    await expect(restore).rejects.toThrow(new RestoreRefusedError('The restore was interrupted; nothing was restored'));
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('npm run restore writes only what a backup holds, and reports what it restored', () => {
  it('restores plain files without their setuid bits, and skips .part files, earlier archives and links', async () => {
    const file = await handMadeArchive({
      files: { 'uploads/media/tool': { data: Buffer.from('#!/bin/sh\n'), mode: 0o4755 } },
      unlisted: { 'uploads/backups/nindo-backup-old.tar.gz': { data: Buffer.from('old') }, 'uploads/media/big.part': { data: Buffer.from('half') } },
      links: { 'uploads/media/passwd': '/etc/passwd' },
    });
    const { root, run } = await restoreInto({ file });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Restored the backup of 2026-11-28T00:00:00\.000Z: 1 uploaded file\(s\), 0 key file\(s\)\.\nSkipped 3 entries/);
    const uploads = join(root, 'data', 'uploads');
    expect((await stat(join(uploads, 'media', 'tool'))).mode & 0o7777).toBe(0o600);
    expect(readdirSync(uploads, { recursive: true }).sort()).toEqual(['media', 'media/tool']);
    expect(readdirSync(root)).toEqual(['data']);
  }, 30_000);

  it('restores an archive of format 1 (before manifests listed checksums)', async () => {
    const file = await handMadeArchive({ files: { 'uploads/media/logo': { data: Buffer.from('logo') } }, manifest: { format: 1, files: undefined } });
    const { root, run } = await restoreInto({ file });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(root, 'data', 'uploads', 'media', 'logo'), 'utf8')).toBe('logo');
  }, 30_000);

  it('reports the records, uploads and keys it put in place', async () => {
    const { run } = await restoreInto({ file: plain });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    // notes, plus the logo and its content-type sidecar, plus the two key files.
    expect(run.stdout).toMatch(/: the SQLite database \(1 collection\(s\), 2 record\(s\); integrity check ok\), 2 uploaded file\(s\), 2 key file\(s\)\.\n$/);
  }, 30_000);

  it('restores an encrypted archive with its secret key, with the source keys', async () => {
    const { root, run } = await restoreInto({ file: encrypted, env: { BACKUP_ENCRYPTION_KEY: `# created by a test\n${key.secretKey}\n` } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(root, 'data', 'encryption.key'), 'utf8')).toBe(await readFile(join(source.dataDir, 'encryption.key'), 'utf8'));
    expect((await stat(join(root, 'data', 'encryption.key'))).mode & 0o777).toBe(0o600);
  }, 30_000);
});
