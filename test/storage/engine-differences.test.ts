// Where FerretDB (the MongoDB stand-in of `npm run test:mongo`) answers differently from
// MongoDB's documented semantics, which the SQLite engine follows. Each test asserts every
// engine's own answer, so a change on either side shows up here (docs/storage.md lists them).
import { InvalidQueryError } from '../../server/storage/port';
import type { Collection, Doc, Store } from '../../server/storage/port';
import { NUL_NOT_STORABLE } from '../../server/storage/mongo/errors';
import { engines } from './engines';
import type { Server } from './engines';

describe.each(engines)('engine differences on $name', ({ open, server: askServer }) => {
  let server: Server;
  let store: Store;
  let coll: Collection;
  let seq = 0;

  beforeAll(async () => {
    store = await open();
    server = await askServer();
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(() => {
    seq += 1;
    coll = store.collection(`differences${seq}`);
  });

  const ids = async (filter: Record<string, unknown>): Promise<string[]> => (await coll.find(filter, { sort: { _id: 1 } })).map((d: Doc) => d._id);

  it('stores a text holding NUL, or on FerretDB over PostgreSQL refuses it as a bad query, never an engine error', async () => {
    // PostgreSQL's jsonb cannot hold U+0000; SQLite, MongoDB and FerretDB over SQLite store it.
    const written = coll.insertOne({ _id: 'n', name: 'a\u0000b' }).then(
      async () => ({ stored: (await coll.findOne({ _id: 'n' }))?.name }),
      (err: unknown) => ({ refused: err instanceof InvalidQueryError ? err.message : err }),
    );
    const outcome = await written;
    if (server !== 'ferretdb') expect(outcome).toEqual({ stored: 'a\u0000b' });
    else expect([{ stored: 'a\u0000b' }, { refused: NUL_NOT_STORABLE }]).toContainEqual(outcome);
  });

  it('matches null through an array of objects when an element lacks the field, but on FerretDB when none has it', async () => {
    // MongoDB's own jstests (dotted_path_in_null.js) expect 2 and 4 from these documents.
    await coll.insertMany([
      { _id: '1', a: [{ b: 5 }] },
      { _id: '2', a: [{}] },
      { _id: '3', a: [] },
      { _id: '4', a: [{}, { b: 5 }] },
      { _id: '5', a: [5, { b: 5 }] },
    ]);
    expect(await ids({ 'a.b': null })).toEqual(server === 'ferretdb' ? ['2', '3'] : ['2', '4']);
  });

  it('matches an object against the elements of an array except on FerretDB', async () => {
    await coll.insertMany([
      { _id: '1', items: [{ k: 1 }, { k: 5 }] },
      { _id: '2', items: { k: 1 } },
    ]);
    expect(await ids({ items: { k: 1 } })).toEqual(server === 'ferretdb' ? ['2'] : ['1', '2']);
  });

  it('stores arrays of arrays except on FerretDB, which rejects the document', async () => {
    const insert = coll.insertOne({ _id: 'm', matrix: [[1, 2], [3]] });
    if (server === 'ferretdb') {
      await expect(insert).rejects.toThrow(InvalidQueryError);
      expect(await coll.count({})).toBe(0);
    } else {
      await insert;
      expect(await coll.findOne({ _id: 'm' })).toEqual({ _id: 'm', matrix: [[1, 2], [3]] });
    }
  });

  it('matches missing and null fields with $gte and $lte null on every engine', async () => {
    await coll.insertMany([{ _id: '1', n: null }, { _id: '2' }, { _id: '3', n: 0 }]);
    expect(await ids({ n: { $gte: null } })).toEqual(['1', '2']);
    expect(await ids({ n: { $lte: null } })).toEqual(['1', '2']);
  });
});
