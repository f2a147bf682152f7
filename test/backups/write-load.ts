// A writer for the backup test, in a process of its own like the server beside `npm run backup`:
// stores a file, then a record naming it, over and over, and prints "ack <n>" once both are stored.
// Every third file is streamed (written aside as ".part", then renamed), as imports are.
import { Readable } from 'node:stream';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { diskBlobStore } from '../../server/services/blobs/disk';
import { loadBytes } from './load-bytes';

async function main(): Promise<void> {
  const store = await openSqliteStore({ path: process.env.SQLITE_PATH ?? '' });
  const blobs = diskBlobStore({ dir: process.env.UPLOADS_DIR ?? '' });
  const records = store.collection('loadRecords');
  let stopped = false;
  process.on('SIGTERM', () => {
    stopped = true;
  });
  for (let n = 1; !stopped; n += 1) {
    const key = `load/${n}`;
    const data = loadBytes(n);
    if (n % 3 === 0) await blobs.putStream({ key, body: Readable.from([data]), size: data.length, contentType: 'text/plain' });
    else await blobs.put({ key, data, contentType: 'text/plain' });
    await records.insertOne({ _id: `r${n}`, n, key });
    process.stdout.write(`ack ${n}\n`);
  }
  await store.close();
}

void main();
