// The timed store hands every option on to the store it wraps: a collection's options (lockFree,
// which keeps FerretDB's write lock off an app's documents) and an insert's (groupCommit).
import { instrumentStore } from '../../server/observability/instrument-store';
import { slowStoreLog } from '../../server/observability/slow-store-log';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import type { Store } from '../../server/storage/port';

describe('instrumentStore', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openSqliteStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('passes collection and insert options through, and still times the operation', async () => {
    const opened = jest.spyOn(store, 'collection');
    const observed: string[] = [];
    const timed = instrumentStore(store, ({ operation }) => observed.push(operation));
    const notes = timed.collection('notes', { lockFree: true });
    expect(opened).toHaveBeenCalledWith('notes', { lockFree: true });
    // The first grouped insert of a turn goes in at once; the second is stored at the end of the turn, so a read in between does not see it yet.
    const inserting = [notes.insertOne({ _id: 'n0' }, { groupCommit: true }), notes.insertOne({ _id: 'n1' }, { groupCommit: true })];
    expect(await store.collection('notes').findOne({ _id: 'n1' })).toBeNull();
    await Promise.all(inserting);
    expect(await store.collection('notes').findOne({ _id: 'n1' })).toEqual({ _id: 'n1' });
    expect(observed).toEqual(['insertOne', 'insertOne']);
  });

  it('names the collection of each call it times', async () => {
    const observed: string[] = [];
    const timed = instrumentStore(store, ({ operation, collection }) => observed.push(`${operation} ${collection}`));
    await timed.collection('notes').insertEach([{ _id: 'a' }]);
    await timed.collection('tags').findOne({ _id: 'a' });
    expect(observed).toEqual(['insertEach notes', 'findOne tags']);
  });
});

describe('the slow store call log (SLOW_STORE_MS)', () => {
  it.each([
    { scenario: 'a call under the threshold is not logged', seconds: 0.0999, logged: [] },
    { scenario: 'a call at the threshold is', seconds: 0.1, logged: [{ operation: 'find', collection: 'dbChanges', ms: 100 }] },
    { scenario: 'a slower one is, in whole ms', seconds: 0.2504, logged: [{ operation: 'find', collection: 'dbChanges', ms: 250 }] },
  ])('$scenario', ({ seconds, logged }) => {
    const warned: object[] = [];
    slowStoreLog({ thresholdMs: 100, warn: (fields, message) => warned.push({ ...fields, message }) })({ operation: 'find', collection: 'dbChanges', seconds });
    expect(warned).toEqual(logged.map((fields) => ({ ...fields, message: 'Slow store call' })));
  });
});
