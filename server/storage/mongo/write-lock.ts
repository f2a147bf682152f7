// Serialises the writes to each collection across every process sharing the database, for
// servers whose single-document writes are not atomic. FerretDB 1.x reads the matching
// documents, applies the update in Go, then overwrites them by _id with no transaction around
// the two, so without this two instances could both claim one queued delivery, both consume a
// single-use token, or lose one of two $inc. MongoDB itself never takes this path.
//
// The lock is a document in LOCKS whose _id is the collection name: inserting it is atomic
// through the unique _id. It carries an expiry so that the lock of a process that died while
// holding it (for one write) is taken over. Within a process writes queue up in memory first,
// so only one of them at a time polls the lock.
//
// That expiry is what a crash costs: every writer of the collection waits for it. So a write
// that must go on while another instance dies takes no lock at all: an insert (atomic through
// the unique _id), or an update of a document only its own process writes (soleWriter), which is
// how the public data API's counters avoid it (docs/storage.md).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError } from 'mongodb';
import type { Db } from 'mongodb';

export const LOCKS = '_nindo_write_locks';
/** Far longer than one write takes, even on a loaded machine. */
const HOLD_MS = 30_000;
const DUPLICATE_KEY = 11000;

interface LockDoc {
  _id: string;
  token: string;
  expires: number;
}

export type WriteLock = <T>(collection: string, write: () => Promise<T>) => Promise<T>;

/** For servers with atomic single-document writes. */
export const noWriteLock: WriteLock = (_collection, write) => write();

export function createWriteLock(db: Db): WriteLock {
  const locks = db.collection<LockDoc>(LOCKS);
  const queues = new Map<string, Promise<unknown>>();

  async function acquire(name: string): Promise<string> {
    const token = randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await locks.insertOne({ _id: name, token, expires: Date.now() + HOLD_MS });
        return token;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
      }
      const held = await locks.findOne({ _id: name });
      if (held && held.expires < Date.now()) await locks.deleteOne({ _id: name, token: held.token });
      else await sleep(1 + Math.random() * Math.min(2 ** attempt, 20));
    }
  }

  async function locked<T>(name: string, write: () => Promise<T>): Promise<T> {
    const token = await acquire(name);
    try {
      return await write();
    } finally {
      await locks.deleteOne({ _id: name, token });
    }
  }

  return <T>(name: string, write: () => Promise<T>): Promise<T> => {
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(() => locked(name, write));
    const tail = run.catch(() => undefined);
    queues.set(name, tail);
    void tail.then(() => {
      if (queues.get(name) === tail) queues.delete(name);
    });
    return run;
  };
}
