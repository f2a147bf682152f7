// npm run backup [-- <archive.tar.gz>]: one archive of the SQLite database (a consistent online
// copy), the uploads and the key files, taken while the server runs (docs/backups-and-restarts.md).
// Without a path it is written to ./nindo-backup-<time>.tar.gz (.tar.gz.age, encrypted with age,
// when BACKUP_ENCRYPTION_KEY is set). `npm run backup -- --new-key` prints a new age key instead.
import { resolve } from 'node:path';
import { readConfig } from '../server/config';
import { createBackupArchive } from '../server/backups/create-archive';
import { archiveName } from '../server/backups/layout';
import { BackupKeyError, newBackupKey, parseBackupKey } from '../server/backups/age-keys';
import { exitWith } from './exit-with';

function printNewKey(): number {
  const { secretKey, publicKey } = newBackupKey();
  console.log(`# public key: ${publicKey}\n${secretKey}`);
  console.error('Keep the secret key apart from the backups (a password manager); BACKUP_ENCRYPTION_KEY takes either line.');
  return 0;
}

async function backup(): Promise<number> {
  if (process.argv[2] === '--new-key') return printNewKey();
  const config = readConfig();
  let encryptFor: Buffer | undefined;
  try {
    encryptFor = config.backups.encryptionKey ? parseBackupKey(config.backups.encryptionKey).recipient : undefined;
  } catch (err) {
    if (!(err instanceof BackupKeyError)) throw err;
    console.error(err.message);
    return 2;
  }
  const now = new Date();
  const file = resolve(process.argv[2] ?? archiveName(now, { encrypted: Boolean(encryptFor) }));
  const manifest = await createBackupArchive({ source: config, file, now: () => now, encryptFor });
  const parts = [manifest.database ? 'the SQLite database' : null, `${manifest.uploads} uploaded file(s)`, `${manifest.keys.length} key file(s)`].filter(Boolean);
  console.log(`Backup written to ${file}${encryptFor ? ' (encrypted with age for BACKUP_ENCRYPTION_KEY)' : ''}: ${parts.join(', ')}.`);
  if (!manifest.database) console.log('MONGODB_URI is set: back the database up with mongodump at the same time, and keep this archive beside it (docs/backups-and-restarts.md).');
  if (config.blobs.engine === 's3') console.log('BLOB_STORE=s3: the uploads are in the bucket, which this archive does not copy (docs/backups-and-restarts.md).');
  return 0;
}

exitWith(backup);
