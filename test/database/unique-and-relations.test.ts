// Unique fields enforced by the engine's index (also under parallel writes), the index following
// the flag, and relations checked on write and expanded on read.
import { withTestApp } from '../helpers/test-app';
import { createDocument, getDocument, listDocuments, updateDocument } from '../../server/services/database/documents';
import { saveCollectionSchema, getCollectionSchema } from '../../server/services/database/schema';
import type { DbField } from '../../generated/client/types.gen';
import { newCollection, newDatabase, refusal } from './service-helpers';

const t = withTestApp();
let appId: string;

beforeEach(async () => {
  appId = await newDatabase(t.ctx);
});

const create = (name: string, input: Record<string, unknown>) => createDocument({ ctx: t.ctx, appId, name, input, view: 'owner' });

describe('unique fields', () => {
  beforeEach(async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'products', attributes: [{ displayName: 'SKU', name: 'sku', type: 'text', validation: { unique: true } }, { displayName: 'Title', type: 'text' }] });
  });

  it('lets exactly one of 20 parallel writes of one value in, the others refused on the field', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => create('products', { sku: 'A-1', title: `copy ${i}` })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(o.reason).toMatchObject({ status: 400, fieldErrors: { sku: 'SKU is already used by another document' } });
    }
    expect((await listDocuments({ ctx: t.ctx, appId, name: 'products', view: 'owner' })).total).toBe(1);
  });

  it('refuses an update onto another document value and keeps the document as it was', async () => {
    await create('products', { sku: 'A-1' });
    const second = await create('products', { sku: 'B-2', title: 'kept' });
    expect(await refusal(updateDocument({ ctx: t.ctx, appId, name: 'products', docId: second._id, input: { sku: 'A-1', title: 'changed' }, view: 'owner' }))).toMatchObject({ status: 400, fieldErrors: { sku: expect.any(String) } });
    expect(await getDocument({ ctx: t.ctx, appId, name: 'products', docId: second._id, view: 'owner' })).toMatchObject({ sku: 'B-2', title: 'kept' });
  });

  it('lets many documents leave a unique field out', async () => {
    await create('products', { title: 'a' });
    await expect(create('products', { title: 'b' })).resolves.toMatchObject({ title: 'b' });
  });

  it('drops the index when the flag goes, and refuses the flag over repeated values', async () => {
    const { attributes } = await getCollectionSchema({ ctx: t.ctx, appId, name: 'products' });
    const plain = attributes.map((f) => ({ ...f, validation: {} }));
    await saveCollectionSchema({ ctx: t.ctx, appId, name: 'products', input: { attributes: plain } });
    await create('products', { sku: 'A-1' });
    await expect(create('products', { sku: 'A-1' })).resolves.toMatchObject({ sku: 'A-1' });
    expect(await refusal(saveCollectionSchema({ ctx: t.ctx, appId, name: 'products', input: { attributes } }))).toMatchObject({
      status: 400,
      fieldErrors: { sku: 'SKU cannot be unique: documents already repeat a value' },
    });
  });
});

describe('relations', () => {
  let lampId: string;
  beforeEach(async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'products', attributes: [{ displayName: 'Title', type: 'text' }, { displayName: 'Cost', type: 'number', validation: { private: true } }] });
    const review: DbField[] = [
      { displayName: 'Product', type: 'relation', relation: 'products' },
      { displayName: 'Also', type: 'array', subtype: 'relation', relation: 'products' },
      { displayName: 'Body', type: 'rich-text' },
    ];
    await newCollection({ ctx: t.ctx, appId, name: 'reviews', attributes: review });
    lampId = (await create('products', { title: 'Lamp', cost: 4 }))._id;
  });

  it('refuses a relation to a document that does not exist, in a single field or a list', async () => {
    expect(await refusal(create('reviews', { product: 'nope' }))).toMatchObject({ status: 400, fieldErrors: { product: 'Product: document nope not found in products' } });
    expect(await refusal(create('reviews', { also: [lampId, 'gone'] }))).toMatchObject({ fieldErrors: { also: 'Also: document gone not found in products' } });
  });

  it('answers ids, or the related documents in the same view with ?expand', async () => {
    const review = await create('reviews', { product: lampId, also: [lampId], body: '<p>Bright</p>' });
    expect(review.product).toBe(lampId);
    const owner = await getDocument({ ctx: t.ctx, appId, name: 'reviews', docId: review._id, view: 'owner', expand: ['product', 'also'] });
    expect(owner.product).toMatchObject({ _id: lampId, title: 'Lamp', cost: 4 });
    expect(owner.also).toEqual([expect.objectContaining({ _id: lampId })]);
    const [listed] = (await listDocuments({ ctx: t.ctx, appId, name: 'reviews', view: 'public', expand: ['product'] })).items;
    expect(listed.product).toEqual({ _id: lampId, _created: expect.any(String), _updated: expect.any(String), _version: 1, title: 'Lamp' });
  });

  it('refuses to expand a field that is no relation', async () => {
    expect(await refusal(getDocument({ ctx: t.ctx, appId, name: 'products', docId: lampId, view: 'owner', expand: ['title'] }))).toMatchObject({ status: 400, message: 'Cannot expand title: it is not a relation field' });
  });

  it('refuses a relation field naming no collection of the app', async () => {
    expect(await refusal(saveCollectionSchema({ ctx: t.ctx, appId, name: 'reviews', input: { attributes: [{ displayName: 'Shop', type: 'relation', relation: 'shops' }] } }))).toMatchObject({
      status: 400,
      fieldErrors: { 'attributes.0.relation': 'Choose a collection of this app' },
    });
  });
});

describe('schema changes', () => {
  it('removes the values of a deleted field, so a new field of that name starts empty', async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'accounts', attributes: [{ displayName: 'Name', type: 'text' }, { displayName: 'Pin', type: 'password' }] });
    const doc = await create('accounts', { name: 'Ann', pin: 'secret-pin' });
    const { attributes } = await getCollectionSchema({ ctx: t.ctx, appId, name: 'accounts' });
    await saveCollectionSchema({ ctx: t.ctx, appId, name: 'accounts', input: { attributes: [attributes[0], { displayName: 'Pin', type: 'text' }] } });
    expect(await getDocument({ ctx: t.ctx, appId, name: 'accounts', docId: doc._id, view: 'owner' })).toEqual({ _id: doc._id, _created: doc._created, _updated: doc._updated, _version: 1, name: 'Ann' });
  });
});
