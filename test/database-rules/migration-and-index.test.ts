// Migration 0002 (issue 28): collections saved with the older read/write pair get the five rules
// that allow exactly what the pair did, and their documents the _owner index; an owner-filtered
// page is read from that index in order, never by a scan (SQLite's query plan says so).
import type { AppContext } from '../../server/context';
import { readConfig } from '../../server/config';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { createCollection, findCollection } from '../../server/services/database/collections';
import { createDatabase } from '../../server/services/database/databases';
import { dbCollections, documentStore, documentStoreName } from '../../server/services/database/model';
import { collectionRules } from '../../server/migrations/0002-collection-rules';
import { rulesOf } from '../../server/services/database/public/rules';
import { spyOnPlans } from '../helpers/sqlite-plans';
import type { PlanSpy } from '../helpers/sqlite-plans';

let ctx: AppContext;
let plans: PlanSpy;

beforeEach(async () => {
  const store = await openSqliteStore({ path: ':memory:' });
  await ensureIndexes(store, productIndexes());
  ctx = { config: readConfig({ NODE_ENV: 'test' }), store, now: () => new Date() };
  await createDatabase({ ctx, appId: 'app-1' });
  plans = spyOnPlans();
});

afterEach(async () => {
  plans.restore();
  await ctx.store.close();
});

const anyone = { kind: 'anyone' };
const users = { kind: 'users' };
const locked = { kind: 'locked' };

// The table of docs/public-data-api.md, "Rules".
it.each([
  ['public', 'authenticated', { list: anyone, view: anyone, create: users, update: users, delete: users }],
  ['public', 'owner', { list: anyone, view: anyone, create: locked, update: locked, delete: locked }],
  ['authenticated', 'authenticated', { list: users, view: users, create: users, update: users, delete: users }],
  ['authenticated', 'owner', { list: users, view: users, create: locked, update: locked, delete: locked }],
  ['owner', 'authenticated', { list: locked, view: locked, create: users, update: users, delete: users }],
  ['owner', 'owner', { list: locked, view: locked, create: locked, update: locked, delete: locked }],
  [undefined, undefined, { list: locked, view: locked, create: locked, update: locked, delete: locked }],
])('maps read %s and write %s onto the five rules, keeping the origins, once', async (read, write, rules) => {
  const name = `c-${String(read)}-${String(write)}`;
  await createCollection({ ctx, appId: 'app-1', name });
  const { _id } = await findCollection({ ctx, appId: 'app-1', name });
  await dbCollections(ctx).updateOne({ _id }, { $set: { access: { read, write, origins: ['https://shop.example'] } } });

  await collectionRules.up({ store: ctx.store, now: ctx.now });
  await collectionRules.up({ store: ctx.store, now: ctx.now });

  const migrated = await findCollection({ ctx, appId: 'app-1', name });
  expect(migrated.rules).toEqual(rules);
  expect(migrated.access).toEqual({ origins: ['https://shop.example'] });
  expect(rulesOf(migrated)).toEqual(rules);
});

it('keeps the document webhooks switch of a collection that had it on beside its origins', async () => {
  await createCollection({ ctx, appId: 'app-1', name: 'hooked' });
  const { _id } = await findCollection({ ctx, appId: 'app-1', name: 'hooked' });
  await dbCollections(ctx).updateOne({ _id }, { $set: { access: { read: 'public', write: 'owner', origins: [], documentWebhooks: true } } });
  await collectionRules.up({ store: ctx.store, now: ctx.now });
  expect((await findCollection({ ctx, appId: 'app-1', name: 'hooked' })).access).toEqual({ origins: [], documentWebhooks: true });
});

it('leaves rules already saved as they are', async () => {
  await createCollection({ ctx, appId: 'app-1', name: 'kept' });
  const { _id } = await findCollection({ ctx, appId: 'app-1', name: 'kept' });
  const rules = { list: { kind: 'owner' }, view: { kind: 'owner' }, create: users, update: { kind: 'owner' }, delete: locked };
  await dbCollections(ctx).updateOne({ _id }, { $set: { rules, access: { read: 'public', write: 'owner' } } });
  await collectionRules.up({ store: ctx.store, now: ctx.now });
  expect((await findCollection({ ctx, appId: 'app-1', name: 'kept' })).rules).toEqual(rules);
});

it("reads an owner's newest page from the _owner index in order, with no scan and no sort step, also after the migration", async () => {
  await createCollection({ ctx, appId: 'app-1', name: 'notes' });
  const { _id } = await findCollection({ ctx, appId: 'app-1', name: 'notes' });
  const documents = documentStoreName(_id);
  await ctx.store.dropIndex({ collection: documents, fields: { _owner: 1, _created: -1, _id: -1 } });
  await collectionRules.up({ store: ctx.store, now: ctx.now });
  await documentStore(ctx, _id).find({ _owner: 'user-1' }, { sort: { _created: -1, _id: -1 }, limit: 21 });
  const plan = plans.planOf(`SELECT _id, doc FROM "${documents}"`);
  expect(plan).toBe(`SEARCH ${documents} USING INDEX ix_${documents}__owner_asc__created_desc__id_desc (<expr>=?)`);
});
