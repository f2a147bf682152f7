// Brings a backup archive back into an empty data folder: the SQLite file to SQLITE_PATH, the
// key files to DATA_DIR, the uploads to UPLOADS_DIR. Anything already there is refused rather
// than merged, so that a restore never mixes two installations' data. The archive is checked whole
// before anything is put in place: unpacked into a staging folder beside DATA_DIR (not in it),
// every file against the manifest's checksums, the database with SQLite's integrity check. Any
// failure is one RestoreRefusedError, and leaves nothing behind: not the staging folder, not a
// file or folder the restore made (docs/backups-and-restarts.md).
import { constants } from 'node:fs';
import { chmod, copyFile, cp, mkdir, mkdtemp, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { BackupKey } from './age-keys';
import { checkDatabase } from './check-database';
import type { DatabaseCount } from './check-database';
import { checkUnpacked } from './check-manifest';
import { DATABASE_ENTRY, KEY_FILES, keyPath, KEYS_DIR, UPLOADS_DIR } from './layout';
import type { DataPaths, Manifest } from './layout';
import { RestoreRefusedError } from './restore-refused';
import { unpackArchive } from './unpack-archive';

export { RestoreRefusedError };

/** What was restored, counted from what was put in place (not from what the manifest says). */
export interface Restored {
  manifest: Manifest;
  /** Absent with an archive of MongoDB's installation (no database in it). */
  database?: DatabaseCount;
  uploads: number;
  keys: number;
  /** Entries of the archive not restored: in-progress .part files, earlier archives, links, other paths. */
  skipped: string[];
}

const entriesOf = (dir: string): Promise<string[]> => readdir(dir).catch(() => []);
const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/** What is in the way: the SQLite file, anything in the data folder, anything in the uploads folder. */
async function occupied(target: DataPaths): Promise<string[]> {
  const found: string[] = [];
  if (!target.mongodbUri && (await exists(target.sqlitePath))) found.push(resolve(target.sqlitePath));
  for (const dir of new Set([resolve(target.dataDir), resolve(target.uploadsDir)])) {
    const names = await entriesOf(dir);
    if (names.length > 0) found.push(`${dir} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''})`);
  }
  return [...new Set(found)];
}

/** Renames (one disk) or copies (another disk) `from` to `to`, which does not exist. */
async function move({ from, to }: { from: string; to: string }): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    if ((await stat(from)).isDirectory()) await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    else await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}

/** Undoes what the restore made, newest first, when it fails. */
function undoList(): { made: (path: string | undefined) => void; undo: () => Promise<void> } {
  const paths: string[] = [];
  return {
    made: (path) => {
      if (path) paths.push(path);
    },
    undo: async () => {
      for (const path of paths.reverse()) await rm(path, { recursive: true, force: true });
    },
  };
}

/** Puts the checked files in place; `made` records each path made, for the undo. */
async function place({ staging, target, made }: { staging: string; target: DataPaths; made: (path: string | undefined) => void }): Promise<number> {
  if (await exists(join(staging, DATABASE_ENTRY))) {
    made(await mkdir(dirname(resolve(target.sqlitePath)), { recursive: true, mode: 0o700 }));
    made(resolve(target.sqlitePath));
    await move({ from: join(staging, DATABASE_ENTRY), to: resolve(target.sqlitePath) });
  }
  let keys = 0;
  for (const name of KEY_FILES) {
    if (!(await exists(join(staging, KEYS_DIR, name)))) continue;
    made(await mkdir(resolve(target.dataDir), { recursive: true, mode: 0o700 }));
    made(keyPath(target, name));
    await move({ from: join(staging, KEYS_DIR, name), to: keyPath(target, name) });
    await chmod(keyPath(target, name), 0o600);
    keys += 1;
  }
  if (await exists(join(staging, UPLOADS_DIR))) {
    const uploadsDir = resolve(target.uploadsDir);
    // Found empty by occupied(): replaced by the restored folder whole.
    await rmdir(uploadsDir).catch(() => undefined);
    made(await mkdir(dirname(uploadsDir), { recursive: true, mode: 0o700 }));
    made(uploadsDir);
    await move({ from: join(staging, UPLOADS_DIR), to: uploadsDir });
  }
  return keys;
}

/** Restores `file` into `target`; `key` opens an encrypted archive (BACKUP_ENCRYPTION_KEY), `signal` interrupts the unpacking. */
export async function restoreBackupArchive({ file, target, key, signal }: { file: string; target: DataPaths; key?: BackupKey; signal?: AbortSignal }): Promise<Restored> {
  if (!(await exists(file))) throw new RestoreRefusedError(`No archive at ${resolve(file)}`);
  const inTheWay = await occupied(target);
  if (inTheWay.length > 0) {
    throw new RestoreRefusedError(
      `Restore needs an empty data folder, and these are not empty: ${inTheWay.join('; ')}. Move them away, or point SQLITE_PATH, DATA_DIR and UPLOADS_DIR at new folders, and run the restore again.`,
    );
  }
  const { made, undo } = undoList();
  // Beside DATA_DIR, not in it: the same disk (the files are renamed into place), outside what is restored into.
  const parent = dirname(resolve(target.dataDir));
  made(await mkdir(parent, { recursive: true }));
  const staging = await mkdtemp(join(parent, '.nindo-restore-'));
  try {
    const { skipped } = await unpackArchive({ file, staging, key, signal });
    const { manifest, files } = await checkUnpacked(staging);
    if (manifest.database && target.mongodbUri) throw new RestoreRefusedError('The archive holds a SQLite database but MONGODB_URI is set: unset it to restore into SQLITE_PATH');
    if (manifest.database && !files[DATABASE_ENTRY]) throw new RestoreRefusedError(`The archive lacks ${DATABASE_ENTRY}, which its manifest says it holds: the archive is damaged or incomplete`);
    const database = files[DATABASE_ENTRY] ? checkDatabase(join(staging, DATABASE_ENTRY)) : undefined;
    const uploads = Object.keys(files).filter((path) => path.startsWith(`${UPLOADS_DIR}/`)).length;
    const keys = await place({ staging, target, made });
    return { manifest, database, uploads, keys, skipped };
  } catch (err) {
    await undo();
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
