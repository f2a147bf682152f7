// The public data API answers with the collection definitions each instance read at most
// COLLECTION_FRESH_MS ago (freshCollection, collections.ts): one store read fewer per call. A change through
// the instance applies at once, one through another instance within COLLECTION_FRESH_MS.
import request from 'supertest';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import type { TestApp } from '../helpers/test-app';
import { COLLECTION_FRESH_MS } from '../../server/services/database/collections';
import { DB_COLLECTIONS } from '../../server/services/database/model';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { basic, dataApp, documentsPath, PRODUCT_FIELDS } from './fixtures';

/** Counts the reads of collection definitions `instance` makes. */
function countDefinitionReads(instance: TestApp): { reads: number } {
  const counted = { reads: 0 };
  const { store } = instance.ctx;
  const open = store.collection.bind(store);
  store.collection = ((name: string, options?: Parameters<typeof open>[1]) => {
    const collection = open(name, options);
    if (name !== DB_COLLECTIONS) return collection;
    return {
      ...collection,
      findOne: (...args: Parameters<typeof collection.findOne>) => {
        counted.reads += 1;
        return collection.findOne(...args);
      },
    };
  }) as typeof store.collection;
  return counted;
}

describe('collection definitions kept by each instance', () => {
  const pair = twoInstancesOnOneStore({ prefix: 'nindo-fresh-collections-' });

  it(`reads a collection's definition once per ${COLLECTION_FRESH_MS} ms for its public calls`, async () => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const counted = countDefinitionReads(pair.one);
    const list = () => request(pair.one.app).get(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).expect(200);
    for (let n = 0; n < 3; n += 1) await list();
    expect(counted.reads).toBe(1);
    pair.one.advance(COLLECTION_FRESH_MS);
    await list();
    expect(counted.reads).toBe(2);
  });

  // A new required field: a create without it is refused once the instance answering knows of it.
  it.each([
    { scenario: 'made through the same instance applies at once', through: 'one' as const, refusedAt: 0 },
    { scenario: `made through another instance applies within ${COLLECTION_FRESH_MS} ms`, through: 'two' as const, refusedAt: COLLECTION_FRESH_MS },
  ])('a definition change $scenario', async ({ through, refusedAt }) => {
    const { appId, appSecret } = await dataApp({ app: pair.one.app, ctx: pair.one.ctx });
    const create = () => request(pair.one.app).post(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).send({ title: 'Lamp' });
    expect((await create()).status).toBe(201);
    const sku = { name: 'sku', displayName: 'SKU', type: 'text', validation: { required: true } };
    await saveCollectionSchema({ ctx: pair[through].ctx, appId, name: 'products', input: { attributes: [...PRODUCT_FIELDS, sku] } as Parameters<typeof saveCollectionSchema>[0]['input'] });
    if (refusedAt > 0) {
      expect((await create()).status).toBe(201);
      pair.one.advance(refusedAt);
    }
    const refused = await create();
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty('sku');
  });
});
