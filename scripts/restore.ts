// npm run restore -- <archive.tar.gz>: brings a backup made by npm run backup back into an empty
// data folder (SQLITE_PATH, DATA_DIR, UPLOADS_DIR), with the server stopped (docs/backups-and-restarts.md).
import { dataPathsFrom } from '../server/config';
import { restoreBackupArchive, RestoreRefusedError } from '../server/backups/restore-archive';
import { exitWith } from './exit-with';

async function restore(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <archive.tar.gz>');
    return 2;
  }
  // Read without readConfig's secrets, which would create new key files in the folder to fill.
  const target = dataPathsFrom(process.env);
  try {
    const manifest = await restoreBackupArchive({ file, target });
    console.log(`Restored the backup of ${manifest.createdAt}: ${manifest.database ? 'the SQLite database, ' : ''}${manifest.uploads} uploaded file(s), ${manifest.keys.length} key file(s).`);
    if (!manifest.database) console.log('This archive holds no database: restore the matching mongodump with mongorestore.');
    return 0;
  } catch (err) {
    if (!(err instanceof RestoreRefusedError)) throw err;
    console.error(err.message);
    return 1;
  }
}

exitWith(restore);
