// Migration 0001 on the app's own store (in-memory SQLite, or MongoDB under npm run test:mongo):
// a collection made with the old newest-first index gets the new one, twice over without harm,
// and its pages keep their order (created-index.test.ts pins SQLite's plans).
import { createCollection, findCollection } from '../../server/services/database/collections';
import { createDatabase } from '../../server/services/database/databases';
import { documentStore, documentStoreName } from '../../server/services/database/model';
import { documentsCreatedIndexWithId } from '../../server/migrations/0001-documents-created-index-with-id';
import { withTestApp } from '../helpers/test-app';

const t = withTestApp();

it('moves a collection to the index with _id, and its newest page keeps the order with ties broken by _id', async () => {
  await createDatabase({ ctx: t.ctx, appId: 'app-1' });
  await createCollection({ ctx: t.ctx, appId: 'app-1', name: 'products' });
  const { _id: collectionId } = await findCollection({ ctx: t.ctx, appId: 'app-1', name: 'products' });
  const documents = documentStoreName(collectionId);
  await t.ctx.store.dropIndex({ collection: documents, fields: { _created: -1, _id: -1 } });
  await t.ctx.store.ensureIndex({ collection: documents, fields: { _created: -1 } });
  const store = documentStore(t.ctx, collectionId);
  const at = (second: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  await store.insertMany(['a', 'b', 'c', 'd'].map((id, i) => ({ _id: id, _created: at(i < 2 ? 0 : i), _updated: at(0) })));

  await documentsCreatedIndexWithId.up({ store: t.ctx.store, now: t.ctx.now });
  await documentsCreatedIndexWithId.up({ store: t.ctx.store, now: t.ctx.now });

  const page = await store.find({}, { sort: { _created: -1, _id: -1 }, limit: 3 });
  expect(page.map((doc) => doc._id)).toEqual(['d', 'c', 'b']);
});
