// The database file and its -wal and -shm hold live sessions and every app's data: readable by the
// server's own user only (0600, in a folder made 0700), as the archives of the same data are,
// whatever the umask. SQLite gives a new -wal and -shm the database file's mode, so the file is
// made 0600 before SQLite opens it; files an earlier version left readable to others are narrowed
// when the store opens (only the server's own: another user's file was shared on purpose).
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

const OTHERS = 0o077;

function narrow(file: string): void {
  let info;
  try {
    info = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((info.mode & OTHERS) !== 0 && info.uid === process.getuid?.()) chmodSync(file, info.mode & 0o700);
}

/** Makes `path` (and its folder, when missing) private before SQLite opens it. */
export function preparePrivateDatabase(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  // 'a' creates the file empty when missing (SQLite takes an empty file for a new database) and never truncates one.
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) narrow(file);
}
