// Every MongoDB operation that looks for documents carries maxTimeMS, so the database server ends
// a scan that runs too long and the caller gets the port's QueryTimeoutError (time-limit.ts).
// A store given 1 ms shows it on a scan of 20,000 documents no index serves. What an index
// serves is shown on a second store whose limit an _id lookup fits on every engine (200 ms:
// FerretDB over PostgreSQL needs more than 1 ms for one, a PostgreSQL round trip) while the same
// scan still runs past it. FerretDB 1.24 ignores maxTimeMS on updateMany and deleteMany (pinned
// below; docs/storage.md). Runs only where MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { InvalidQueryError } from '../../server/storage/port';
import type { Collection, Doc, Store } from '../../server/storage/port';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { engines } from './engines';
import type { Server } from './engines';

const uri = process.env.MONGODB_URI;
const describeMongo = uri ? describe : describe.skip;
if (!uri) console.warn('mongo-time-limit tests: MONGODB_URI is not set, so they are skipped (npm run test:mongo runs them).');

interface Note extends Doc {
  title: string;
}

const COUNT = 20_000;
const SCAN = { title: { $regex: 'note [0-9]+ about the gardens', $options: 'i' } };
const overTimeOf = (ms: number): InvalidQueryError => new InvalidQueryError(`The query took longer than ${ms} ms and was stopped: narrow it with a condition on an indexed field`);
const overTime = overTimeOf(1);
/** Room for one indexed lookup on each engine, and well short of the scan's time. */
const INDEXED_LIMIT_MS = 200;

describeMongo('MongoDB operations within maxTimeMS', () => {
  let server: Server | undefined;
  let store: Store;
  let notes: Collection<Note>;
  let roomyStore: Store;
  let roomyNotes: Collection<Note>;

  beforeAll(async () => {
    server = await engines.find((engine) => engine.name === 'mongodb')?.server();
    const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
    const seeding = await openMongoStore({ uri: uri ?? '', dbName });
    await seeding.collection<Note>('notes').insertMany(Array.from({ length: COUNT }, (_, n) => ({ _id: `n${n}`, title: `Note ${n} about the garden` })));
    await seeding.close();
    store = await openMongoStore({ uri: uri ?? '', dbName, maxTimeMs: 1 });
    notes = store.collection<Note>('notes');
    roomyStore = await openMongoStore({ uri: uri ?? '', dbName, maxTimeMs: INDEXED_LIMIT_MS });
    roomyNotes = roomyStore.collection<Note>('notes');
  });
  afterAll(async () => {
    await store.close();
    await roomyStore.close();
  });

  it.each<[string, () => Promise<unknown>]>([
    ['find', () => notes.find(SCAN)],
    ['findOne', () => notes.findOne(SCAN)],
    ['count', () => notes.count(SCAN)],
    ['findOneAndUpdate', () => notes.findOneAndUpdate(SCAN, { $set: { seen: true } })],
    ['findOneAndDelete', () => notes.findOneAndDelete(SCAN)],
  ])('ends a %s that scans past its time', async (_name, scan) => {
    await expect(scan()).rejects.toThrow(overTime);
  });

  it(`answers what the _id index serves within a time the scan runs past (${INDEXED_LIMIT_MS} ms)`, async () => {
    await expect(roomyNotes.find(SCAN)).rejects.toThrow(overTimeOf(INDEXED_LIMIT_MS));
    expect(await roomyNotes.findOne({ _id: 'n42' })).toEqual({ _id: 'n42', title: 'Note 42 about the garden' });
  });

  // Last, since FerretDB runs them to the end (the scan matches no document, so they change none).
  it.each<[string, () => Promise<unknown>, unknown]>([
    ['updateMany', () => notes.updateMany(SCAN, { $set: { seen: true } }), { matched: 0, modified: 0 }],
    ['deleteMany', () => notes.deleteMany(SCAN), 0],
  ])('ends a %s that scans past its time on MongoDB; FerretDB runs it to the end', async (_name, scan, ferretDbAnswer) => {
    if (server === 'ferretdb') await expect(scan()).resolves.toEqual(ferretDbAnswer);
    else await expect(scan()).rejects.toThrow(overTime);
  });
});
