// The timed store hands every option on to the store it wraps: a collection's options (lockFree,
// which keeps FerretDB's write lock off an app's documents) and an insert's (groupCommit).
import { instrumentStore } from '../../server/observability/instrument-store';
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
});
