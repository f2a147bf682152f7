// The lists' default order, newest first with _id breaking ties, read from one index in order with
// no sort step (docs/database-speed.md, issue 18 item 3); and the migration that gives that index
// to the collections made before it. SQLite's query plans say which index a page reads.
import type { AppContext } from '../../server/context';
import { readConfig } from '../../server/config';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { createCollection, findCollection } from '../../server/services/database/collections';
import { createDatabase } from '../../server/services/database/databases';
import { documentStore, documentStoreName } from '../../server/services/database/model';
import { documentsCreatedIndexWithId } from '../../server/migrations/0001-documents-created-index-with-id';
import { spyOnPlans } from '../helpers/sqlite-plans';
import type { PlanSpy } from '../helpers/sqlite-plans';

let ctx: AppContext;
let plans: PlanSpy;
let collectionId: string;

beforeEach(async () => {
  const store = await openSqliteStore({ path: ':memory:' });
  await ensureIndexes(store, productIndexes());
  ctx = { config: readConfig({ NODE_ENV: 'test' }), store, now: () => new Date() };
  await createDatabase({ ctx, appId: 'app-1' });
  await createCollection({ ctx, appId: 'app-1', name: 'products' });
  collectionId = (await findCollection({ ctx, appId: 'app-1', name: 'products' }))._id;
  plans = spyOnPlans();
});

afterEach(async () => {
  plans.restore();
  await ctx.store.close();
});

/** The plan of the newest page, as the public list and the screens read it. */
async function planOfNewestPage(): Promise<string> {
  await documentStore(ctx, collectionId).find({}, { sort: { _created: -1, _id: -1 }, limit: 21 });
  return plans.planOf(`SELECT _id, doc FROM "${documentStoreName(collectionId)}"`);
}

it("reads a new collection's newest page from its index in order, with no sort step", async () => {
  const plan = await planOfNewestPage();
  expect(plan).toContain(`USING INDEX ix_${documentStoreName(collectionId)}__created_desc__id_desc`);
  expect(plan).not.toContain('TEMP B-TREE');
});

it('gives a collection made before the index that index, drops the old one, and does nothing the second time', async () => {
  const documents = documentStoreName(collectionId);
  await ctx.store.dropIndex({ collection: documents, fields: { _created: -1, _id: -1 } });
  await ctx.store.ensureIndex({ collection: documents, fields: { _created: -1 } });
  expect(await planOfNewestPage()).toContain('USE TEMP B-TREE FOR LAST TERM OF ORDER BY');

  await documentsCreatedIndexWithId.up({ store: ctx.store, now: ctx.now });
  await documentsCreatedIndexWithId.up({ store: ctx.store, now: ctx.now });

  expect(await planOfNewestPage()).toBe(`SCAN ${documents} USING INDEX ix_${documents}__created_desc__id_desc`);
  // With the _owner index every collection also has (issue 28).
  expect(plans.indexesOn(documents)).toEqual([`ix_${documents}__created_desc__id_desc`, `ix_${documents}__owner_asc__created_desc__id_desc`]);
});
