// npm run backup [-- <archive.tar.gz>]: one archive of the SQLite database (a consistent online
// copy), the uploads and the key files, taken while the server runs (docs/backups-and-restarts.md).
// Without a path it is written to ./nindo-backup-<time>.tar.gz.
import { resolve } from 'node:path';
import { readConfig } from '../server/config';
import { createBackupArchive } from '../server/backups/create-archive';
import { archiveName } from '../server/backups/layout';
import { exitWith } from './exit-with';

async function backup(): Promise<number> {
  const config = readConfig();
  const now = new Date();
  const file = resolve(process.argv[2] ?? archiveName(now));
  const manifest = await createBackupArchive({ source: config, file, now: () => now });
  const parts = [manifest.database ? 'the SQLite database' : null, `${manifest.uploads} uploaded file(s)`, `${manifest.keys.length} key file(s)`].filter(Boolean);
  console.log(`Backup written to ${file}: ${parts.join(', ')}.`);
  if (!manifest.database) console.log('MONGODB_URI is set: back the database up with mongodump at the same time, and keep this archive beside it (docs/backups-and-restarts.md).');
  if (config.blobs.engine === 's3') console.log('BLOB_STORE=s3: the uploads are in the bucket, which this archive does not copy (docs/backups-and-restarts.md).');
  return 0;
}

exitWith(backup);
