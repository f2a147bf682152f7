// Brings a backup archive back into an empty data folder: the SQLite file to SQLITE_PATH, the
// key files to DATA_DIR, the uploads to UPLOADS_DIR. Anything already there is refused rather
// than merged, so that a restore never mixes two installations' data.
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { extract } from 'tar';
import { ARCHIVE_FORMAT, DATABASE_ENTRY, KEY_FILES, keyPath, KEYS_DIR, MANIFEST, UPLOADS_DIR } from './layout';
import type { DataPaths, Manifest } from './layout';

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
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

const ARCHIVE_PARTS = new Set([MANIFEST, dirname(DATABASE_ENTRY), DATABASE_ENTRY, KEYS_DIR, ...KEY_FILES.map((name) => `${KEYS_DIR}/${name}`), UPLOADS_DIR]);
/** Only the archive's own parts are unpacked: no other path. */
const isPart = (path: string): boolean => {
  const name = path.replace(/\/$/, '');
  return ARCHIVE_PARTS.has(name) || name.startsWith(`${UPLOADS_DIR}/`);
};

async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(join(dir, MANIFEST), 'utf8').catch(() => {
    throw new RestoreRefusedError(`The archive holds no ${MANIFEST}: it is not a backup made by npm run backup`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new RestoreRefusedError(`The archive is of format ${String(manifest.format)}; this version restores format ${ARCHIVE_FORMAT}`);
  return manifest;
}

/** Restores `file` into `target`; answers the archive's manifest. */
export async function restoreBackupArchive({ file, target }: { file: string; target: DataPaths }): Promise<Manifest> {
  if (!(await exists(file))) throw new RestoreRefusedError(`No archive at ${resolve(file)}`);
  const inTheWay = await occupied(target);
  if (inTheWay.length > 0) {
    throw new RestoreRefusedError(
      `Restore needs an empty data folder, and these are not empty:\n  ${inTheWay.join('\n  ')}\nMove them away, or point SQLITE_PATH, DATA_DIR and UPLOADS_DIR at new folders, and run the restore again.`,
    );
  }
  const dataDir = resolve(target.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(dataDir, '.nindo-restore-'));
  try {
    await extract({ file, cwd: staging, strict: true, filter: (path, entry) => isPart(path) && ('type' in entry ? entry.type === 'File' || entry.type === 'Directory' : true) });
    const manifest = await readManifest(staging);
    if (manifest.database) {
      if (target.mongodbUri) throw new RestoreRefusedError('The archive holds a SQLite database but MONGODB_URI is set: unset it to restore into SQLITE_PATH');
      await mkdir(dirname(resolve(target.sqlitePath)), { recursive: true });
      await cp(join(staging, DATABASE_ENTRY), target.sqlitePath, { errorOnExist: true, force: false });
    }
    for (const name of manifest.keys.filter((key) => KEY_FILES.includes(key))) {
      await cp(join(staging, KEYS_DIR, name), keyPath(target, name), { errorOnExist: true, force: false });
      await chmod(keyPath(target, name), 0o600);
    }
    if (await exists(join(staging, UPLOADS_DIR))) await cp(join(staging, UPLOADS_DIR), target.uploadsDir, { recursive: true, errorOnExist: true, force: false });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
