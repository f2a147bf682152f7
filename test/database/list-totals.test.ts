// List totals of a collection's documents are kept a few seconds whatever their size (a count is
// a good part of a list request's cost), and every write through this server forgets them: what
// this instance wrote shows at once; a write it did not make (another instance's) within 5 s.
import { Readable } from 'node:stream';
import { withTestApp } from '../helpers/test-app';
import { createDocument, deleteDocument, listDocuments, updateDocument } from '../../server/services/database/documents';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import { startImport } from '../../server/services/database/transfer/import-start';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { KEEP_MS } from '../../server/services/lists/count-cache';
import { newCollection, newDatabase } from './service-helpers';

const t = withTestApp();
let appId: string;

const list = async (query?: string) => (await listDocuments({ ctx: t.ctx, appId, name: 'notes', query, view: 'owner' })).total;
const create = (title: string, done = false) => createDocument({ ctx: t.ctx, appId, name: 'notes', input: { title, done }, view: 'owner' });

beforeEach(async () => {
  appId = await newDatabase(t.ctx);
  await newCollection({ ctx: t.ctx, appId, name: 'notes', attributes: [{ displayName: 'Title', name: 'title', type: 'text' }, { displayName: 'Done', name: 'done', type: 'boolean' }] });
  await create('first');
  expect(await list()).toBe(1);
  expect(await list('{"done":true}')).toBe(0);
});

it.each([
  ['a create', async () => void (await create('second', true)), 2, 1],
  ['an update', async () => void (await updateDocument({ ctx: t.ctx, appId, name: 'notes', docId: (await listDocuments({ ctx: t.ctx, appId, name: 'notes', view: 'owner' })).items[0]._id, input: { done: true }, view: 'owner' })), 1, 1],
  ['a delete', async () => deleteDocument({ ctx: t.ctx, appId, name: 'notes', docId: (await listDocuments({ ctx: t.ctx, appId, name: 'notes', view: 'owner' })).items[0]._id }), 0, 0],
  ['a schema change that empties a field', async () => void (await saveCollectionSchema({ ctx: t.ctx, appId, name: 'notes', input: { attributes: [{ displayName: 'Title', name: 'title', type: 'text' }, { displayName: 'Done', name: 'done', type: 'text' }] } })), 1, 0],
])('after %s through the server, the next list counts afresh', async (_name, write, total, done) => {
  await write();
  expect(await list()).toBe(total);
  expect(await list('{"done":true}')).toBe(done);
});

it('after an import, the next list counts afresh', async () => {
  await startImport({ ctx: t.ctx, appId, name: 'notes', format: 'csv', body: Readable.from(['title\nimported\n']) });
  await runDueImports({ ctx: t.ctx });
  expect(await list()).toBe(2);
});

it('a write this server did not make shows once the kept total is 5 s old', async () => {
  const collection = await findCollection({ ctx: t.ctx, appId, name: 'notes' });
  const now = new Date().toISOString();
  await documentStore(t.ctx, collection._id).insertOne({ _id: 'elsewhere', _created: now, _updated: now, title: 'from another instance' });
  expect(await list()).toBe(1);
  t.advance(KEEP_MS + 1);
  expect(await list()).toBe(2);
});
