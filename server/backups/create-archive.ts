// Writes one backup archive (tar.gz) while the server runs: a consistent copy of the SQLite file
// made with SQLite's online backup API, then the uploads folder, then the key files. The database
// is copied first: a file's record is stored after the file (media, imports), so every record in
// the copy finds its file, which only a delete after the copy could take away. The manifest lists
// every file with its SHA-256; the archive is written 0600 (it holds the keys), and encrypted with
// age for BACKUP_ENCRYPTION_KEY when it is set.
import { createWriteStream } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create } from 'tar';
import type { Config } from '../config';
import { Database } from '../storage/sqlite/driver';
import { ageEncrypt } from './age-stream';
import { sumFiles } from './file-sums';
import { ARCHIVE_FORMAT, DATABASE_ENTRY, isArchivedUpload, KEY_FILES, keyPath, KEYS_DIR, MANIFEST, UPLOADS_DIR } from './layout';
import type { DataPaths, Manifest } from './layout';

/** Pages per backup step: all of them, so the copy is taken in one read transaction and never restarts under writes. */
const ALL_PAGES = 0x7fffffff;

export type BackupSource = DataPaths & Pick<Config, 'blobs'>;

const codeOf = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

async function copyDatabase({ sqlitePath, to }: { sqlitePath: string; to: string }): Promise<void> {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    await db.backup(to, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

/** Linked when on the same disk (no copy of the bytes), else copied; a file gone meanwhile (deleted, or a ".part" renamed) is skipped. */
async function stageFile({ source, target }: { source: string; target: string }): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(source, target);
    return true;
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return false;
    if (codeOf(err) !== 'EXDEV' && codeOf(err) !== 'EPERM') throw err;
  }
  return copyFile(source, target).then(
    () => true,
    (err: unknown) => {
      if (codeOf(err) === 'ENOENT') return false;
      throw err;
    },
  );
}

async function stageUploads({ from, to }: { from: string; to: string }): Promise<number> {
  const dir = await opendir(from, { recursive: true }).catch((err: unknown) => {
    if (codeOf(err) === 'ENOENT') return null;
    throw err;
  });
  if (!dir) return 0;
  let staged = 0;
  for await (const entry of dir) {
    if (!entry.isFile()) continue;
    const name = relative(from, join(entry.parentPath, entry.name));
    if (!isArchivedUpload(name)) continue;
    if (await stageFile({ source: join(from, name), target: join(to, name) })) staged += 1;
  }
  return staged;
}

async function stageKeys({ source, to }: { source: BackupSource; to: string }): Promise<string[]> {
  const kept: string[] = [];
  for (const name of KEY_FILES) {
    const path = keyPath(source, name);
    if (!(await stat(path).catch(() => null))?.isFile()) continue;
    await mkdir(to, { recursive: true, mode: 0o700 });
    await copyFile(path, join(to, name));
    kept.push(name);
  }
  return kept;
}

/** Packs `parts` of `staging` into `file` (tar.gz, age-encrypted for `encryptFor`), readable by its owner only. */
async function pack({ staging, parts, file, encryptFor }: { staging: string; parts: string[]; file: string; encryptFor?: Buffer }): Promise<void> {
  const packed = create({ gzip: true, cwd: staging, portable: true }, parts);
  // 0600 whatever the umask, from the first byte: the archive holds the keys and the sessions.
  const out = createWriteStream(file, { mode: 0o600, flags: 'wx' });
  await (encryptFor ? pipeline(packed, ageEncrypt(encryptFor), out) : pipeline(packed, out));
  await chmod(file, 0o600);
}

/** Writes the archive to `file` (whole or not at all) and answers what it holds. */
export async function createBackupArchive({
  source,
  file,
  now,
  encryptFor,
  backupDatabase = (to) => copyDatabase({ sqlitePath: source.sqlitePath, to }),
}: {
  source: BackupSource;
  file: string;
  now: () => Date;
  /** The age public key (32 bytes) to encrypt for, from BACKUP_ENCRYPTION_KEY; plain tar.gz without it. */
  encryptFor?: Buffer;
  /** How the SQLite file is copied: by default on a connection of its own in one step (npm run backup, another process); the server passes its store's Store.backupTo. */
  backupDatabase?: (to: string) => Promise<void>;
}): Promise<Manifest> {
  const diskUploads = source.blobs.engine === 'disk';
  // Beside the uploads, so that they can be linked rather than copied.
  const stagingParent = resolve(diskUploads ? dirname(resolve(source.uploadsDir)) : source.dataDir);
  await mkdir(stagingParent, { recursive: true });
  const staging = await mkdtemp(join(stagingParent, '.nindo-backup-'));
  const partial = `${file}.part`;
  try {
    const database = !source.mongodbUri;
    const createdAt = now().toISOString();
    if (database) {
      await mkdir(join(staging, dirname(DATABASE_ENTRY)));
      await backupDatabase(join(staging, DATABASE_ENTRY));
    }
    const uploads = diskUploads ? await stageUploads({ from: resolve(source.uploadsDir), to: join(staging, UPLOADS_DIR) }) : 0;
    const keys = await stageKeys({ source, to: join(staging, KEYS_DIR) });
    const files = await sumFiles({ dir: staging });
    const manifest: Manifest = { format: ARCHIVE_FORMAT, createdAt, engine: database ? 'sqlite' : 'mongodb', database, keys, uploads, files };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const parts = [MANIFEST, ...(database ? [dirname(DATABASE_ENTRY)] : []), ...(keys.length > 0 ? [KEYS_DIR] : []), ...(uploads > 0 ? [UPLOADS_DIR] : [])];
    await mkdir(dirname(resolve(file)), { recursive: true });
    await rm(partial, { force: true });
    await pack({ staging, parts, file: partial, encryptFor });
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
