// npm run restore -- <archive>: brings a backup made by npm run backup (tar.gz, or .tar.gz.age with
// BACKUP_ENCRYPTION_KEY set to its secret key) back into an empty data folder (SQLITE_PATH,
// DATA_DIR, UPLOADS_DIR), with the server stopped (docs/backups-and-restarts.md). A failure is one
// line on stderr and exit code 1, with nothing left behind.
import { dataPathsFrom } from '../server/config';
import { restoreBackupArchive, RestoreRefusedError } from '../server/backups/restore-archive';
import type { Restored } from '../server/backups/restore-archive';
import { BackupKeyError, parseBackupKey } from '../server/backups/age-keys';
import { exitWith } from './exit-with';

function report({ manifest, database, uploads, keys, skipped }: Restored): string {
  const parts = [
    database ? `the SQLite database (${database.collections} collection(s), ${database.records} record(s); integrity check ok)` : null,
    `${uploads} uploaded file(s)`,
    `${keys} key file(s)`,
  ].filter(Boolean);
  const lines = [`Restored the backup of ${manifest.createdAt}: ${parts.join(', ')}.`];
  if (skipped.length > 0) lines.push(`Skipped ${skipped.length} entries a restore never writes (links, in-progress .part files, earlier archives, other paths): ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', ...' : ''}`);
  if (!manifest.database) lines.push('This archive holds no database: restore the matching mongodump with mongorestore.');
  return lines.join('\n');
}

async function restore(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <archive.tar.gz or .tar.gz.age>');
    return 2;
  }
  // Read without readConfig's secrets, which would create new key files in the folder to fill.
  const target = dataPathsFrom(process.env);
  // Ctrl-C stops the unpacking, and the restore then removes what it made.
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupted.abort());
  try {
    const key = process.env.BACKUP_ENCRYPTION_KEY ? parseBackupKey(process.env.BACKUP_ENCRYPTION_KEY) : undefined;
    console.log(report(await restoreBackupArchive({ file, target, key, signal: interrupted.signal })));
    return 0;
  } catch (err) {
    // Whatever stopped it (a full disk, a folder it may not write), the restore has removed what it made.
    console.error(err instanceof RestoreRefusedError || err instanceof BackupKeyError ? err.message : `The restore failed: ${String((err as Error).message).split('\n')[0]}`);
    return 1;
  }
}

exitWith(restore);
