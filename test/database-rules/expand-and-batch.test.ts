// `expand` (nested to two levels, at most 10 relations, one read per relation per page, each
// related record passing its collection's view rule) and `batch` (checked whole before anything is
// written, each operation against the records as the ones before it leave them, all or nothing on
// SQLite, each operation's result answered).
import type { Collection, Doc } from '../../server/storage/port';
import { withTestApp } from '../helpers/test-app';
import { usageOf } from '../../server/services/database/quotas';
import { addCollection, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { allRules, callersOf } from './callers';
import type { Callers } from './callers';

const t = withTestApp({ scope: 'file' });
let data: DataApp;
let callers: Callers;
const ids: Record<string, string> = {};

const create = async (collection: string, body: object): Promise<string> => (await callers.call('the app', 'post', documentsPath(data.appId, collection)).send(body).expect(201)).body.data._id;
const batchPath = (): string => `/api/v1/data/${data.appId}/batch`;

beforeAll(async () => {
  data = await dataApp({ app: t.app, ctx: t.ctx, collection: 'makers', fields: [{ name: 'name', displayName: 'Name', type: 'text', validation: { required: true, unique: true } }] });
  callers = await callersOf({ app: t.app, ctx: t.ctx, data });
  await addCollection({
    owner: data.owner,
    appId: data.appId,
    collection: 'products',
    fields: [
      { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
      { name: 'maker', displayName: 'Maker', type: 'relation', relation: 'makers' },
      { name: 'secret', displayName: 'Secret', type: 'text', validation: { private: true } },
    ],
  });
  await addCollection({
    owner: data.owner,
    appId: data.appId,
    collection: 'reviews',
    fields: [
      { name: 'product', displayName: 'Product', type: 'relation', relation: 'products' },
      { name: 'also', displayName: 'Also', type: 'array', subtype: 'relation', relation: 'products' },
      { name: 'stars', displayName: 'Stars', type: 'number' },
    ],
  });
  for (const collection of ['makers', 'products', 'reviews']) await setAccess({ owner: data.owner, appId: data.appId, collection, access: { rules: allRules({ kind: 'anyone' }) } });
  ids.maker = await create('makers', { name: 'Acme' });
  ids.lamp = await create('products', { title: 'Lamp', maker: ids.maker });
  ids.desk = await create('products', { title: 'Desk' });
  ids.review = await create('reviews', { product: ids.lamp, also: [ids.lamp, ids.desk], stars: 5 });
  for (let i = 0; i < 4; i += 1) await create('reviews', { product: i % 2 ? ids.lamp : ids.desk, stars: i });
});

describe('expand', () => {
  it('answers related records under expand, two levels deep, lists as lists', async () => {
    const res = await callers.call('anonymous', 'get', `${documentsPath(data.appId, 'reviews')}/${ids.review}?expand=product.maker,also`).expect(200);
    const review = res.body.data;
    expect(review.product).toBe(ids.lamp);
    expect(review.expand.product).toMatchObject({ _id: ids.lamp, title: 'Lamp', expand: { maker: { _id: ids.maker, name: 'Acme' } } });
    expect(review.expand.also.map((doc: { title: string }) => doc.title)).toEqual(['Lamp', 'Desk']);
  });

  it('leaves out related records their collection\'s view rule hides from the caller, without an error', async () => {
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'makers', access: { rules: { ...allRules({ kind: 'anyone' }), view: { kind: 'users' } } } });
    const anonymous = await callers.call('anonymous', 'get', `${documentsPath(data.appId, 'reviews')}/${ids.review}?expand=product.maker`).expect(200);
    expect(anonymous.body.data.expand.product.expand).toEqual({});
    const store = await callers.call('store A', 'get', `${documentsPath(data.appId, 'reviews')}/${ids.review}?expand=product.maker`).expect(200);
    expect(store.body.data.expand.product.expand.maker.name).toBe('Acme');
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'makers', access: { rules: allRules({ kind: 'anyone' }) } });
  });

  it('reads each relation once per page, whatever the number of rows', async () => {
    const reads: string[] = [];
    const store = t.ctx.store;
    const open = store.collection.bind(store);
    const spy = jest.spyOn(store, 'collection').mockImplementation(<T extends Doc>(name: string, options?: object) => {
      const collection = open<T>(name, options);
      return { ...collection, find: (...args: Parameters<Collection<T>['find']>) => (reads.push(name), collection.find(...args)) };
    });
    try {
      await callers.call('anonymous', 'get', `${documentsPath(data.appId, 'reviews')}?limit=100&expand=product.maker,also`).expect(200);
    } finally {
      spy.mockRestore();
    }
    // The page itself, then products (product), makers (product.maker) and products (also): 4, for 7 rows.
    expect(reads.filter((name) => name.startsWith('udb_'))).toHaveLength(4);
  });

  it.each([
    ['a field that is no relation', 'stars', 'Cannot expand stars: it is not a relation field of reviews'],
    ['an unknown field', 'nothing', 'Cannot expand nothing: it is not a relation field of reviews'],
    ['a private relation path below', 'product.secret', 'Cannot expand secret: it is not a relation field of products'],
    ['three levels', 'product.maker.name', 'Cannot expand product.maker.name: at most 2 levels'],
    ['more than 10 relations', Array.from({ length: 11 }, (_, i) => `product.f${i}`).join(','), 'Cannot expand 11 relations: at most 10'],
    ['a name twice', 'product,also,product', 'Cannot expand product twice'],
  ])('refuses %s with 400', async (_name, expand, message) => {
    const res = await callers.call('the app', 'get', `${documentsPath(data.appId, 'reviews')}?expand=${expand}`).expect(400);
    expect(res.body.message).toBe(message);
  });
});

describe('batch', () => {
  const count = async (collection: string): Promise<number> => (await callers.call('the app', 'get', `/api/v1/data/${data.appId}/collections/${collection}/count`).expect(200)).body.data.count;

  it('creates, updates and deletes across collections, answering each result in order', async () => {
    const doomed = await create('products', { title: 'Doomed' });
    const operations = [
      { action: 'create', collection: 'makers', body: { name: 'Batchco' } },
      { action: 'update', collection: 'products', id: ids.desk, body: { title: 'Standing desk' } },
      { action: 'delete', collection: 'products', id: doomed },
    ];
    const res = await callers.call('the app', 'post', batchPath()).send({ operations }).expect(200);
    expect(res.body.data.results).toMatchObject([{ status: 201, data: { name: 'Batchco' } }, { status: 200, data: { _id: ids.desk, title: 'Standing desk' } }, { status: 200, data: null }]);
    await callers.call('the app', 'get', `${documentsPath(data.appId, 'products')}/${doomed}`).expect(404);
  });

  it.each([
    ['a body the document refuses', { action: 'create', collection: 'products', body: { title: 5 } }, 400, 'Operation 3: '],
    ['a missing document', { action: 'delete', collection: 'products', id: 'nope' }, 404, 'Operation 3: Document not found'],
    ['a relation to nothing', { action: 'create', collection: 'products', body: { title: 'Orphan', maker: 'nope' } }, 409, 'Operation 3: '],
    ['an unknown collection', { action: 'create', collection: 'nothing', body: {} }, 404, 'Operation 3: Collection not found'],
    ['an update without an id', { action: 'update', collection: 'products', body: { title: 'Who' } }, 400, 'Operation 3: update needs the document\'s id'],
  ])('writes nothing when one operation is refused: %s', async (_name, bad, status, message) => {
    const before = { makers: await count('makers'), products: await count('products') };
    const operations = [{ action: 'create', collection: 'makers', body: { name: `Never ${status}` } }, { action: 'update', collection: 'products', id: ids.lamp, body: { title: 'Never' } }, bad];
    const res = await callers.call('the app', 'post', batchPath()).send({ operations }).expect(status);
    expect(res.body.message.startsWith(message)).toBe(true);
    expect({ makers: await count('makers'), products: await count('products') }).toEqual(before);
    expect((await callers.call('the app', 'get', `${documentsPath(data.appId, 'products')}/${ids.lamp}`).expect(200)).body.data.title).toBe('Lamp');
  });

  // Issue 36 item 12: each operation sees what the earlier ones did, as PocketBase runs them in
  // order inside its transaction; a refusal writes nothing, on every engine.
  describe('each operation against the records as the operations before it leave them', () => {
    const scratch = async (): Promise<{ product: string; maker: string }> => ({ product: await create('products', { title: 'Scratch' }), maker: await create('makers', { name: `Maker ${Math.random()}` }) });
    const titleOf = async (id: string): Promise<string | undefined> => (await callers.call('the app', 'get', `${documentsPath(data.appId, 'products')}/${id}`)).body.data?.title;
    type Ids = { product: string; maker: string };
    it.each<[string, (ids: Ids) => object[], number, string | undefined, string | undefined]>([
      ['delete X, update X', ({ product }) => [{ action: 'delete', collection: 'products', id: product }, { action: 'update', collection: 'products', id: product, body: { title: 'Back' } }], 404, 'Operation 2: Document not found', 'Scratch'],
      ['delete X, delete X', ({ product }) => [{ action: 'delete', collection: 'products', id: product }, { action: 'delete', collection: 'products', id: product }], 404, 'Operation 2: Document not found', 'Scratch'],
      [
        'update X, delete X, create',
        ({ product }) => [{ action: 'update', collection: 'products', id: product, body: { title: 'Changed' } }, { action: 'delete', collection: 'products', id: product }, { action: 'create', collection: 'products', body: { title: 'After' } }],
        200,
        undefined,
        undefined,
      ],
      [
        'delete a maker, then a product pointing at it',
        ({ product, maker }) => [{ action: 'delete', collection: 'makers', id: maker }, { action: 'update', collection: 'products', id: product, body: { title: 'Made', maker } }],
        409,
        'Operation 2: Maker: document <maker> not found in makers',
        'Scratch',
      ],
    ])('%s', async (_name, operationsOf, status, message, left) => {
      const scratchIds = await scratch();
      const before = { makers: await count('makers'), products: await count('products') };
      const res = await callers.call('the app', 'post', batchPath()).send({ operations: operationsOf(scratchIds) }).expect(status);
      if (message) expect(res.body.message).toBe(message.replace('<maker>', scratchIds.maker));
      expect(await titleOf(scratchIds.product)).toBe(left);
      if (status !== 200) expect({ makers: await count('makers'), products: await count('products') }).toEqual(before);
    });

    it('answers each update with the record as the operations before it left it', async () => {
      const { product } = await scratch();
      const operations = [
        { action: 'update', collection: 'products', id: product, body: { title: 'First' } },
        { action: 'update', collection: 'products', id: product, body: { maker: ids.maker } },
      ];
      const res = await callers.call('the app', 'post', batchPath()).send({ operations }).expect(200);
      expect(res.body.data.results.map((result: { data: { title: string; maker?: string } }) => [result.data.title, result.data.maker])).toEqual([
        ['First', undefined],
        ['First', ids.maker],
      ]);
    });

    it("judges each operation's rule on the record as the ones before it left it", async () => {
      await setAccess({ owner: data.owner, appId: data.appId, collection: 'products', access: { rules: { ...allRules({ kind: 'users' }), delete: { kind: 'filter', filter: '{"title":"Doomed"}' } } } });
      try {
        const doomed = await create('products', { title: 'Doomed' });
        const operations = [
          { action: 'update', collection: 'products', id: doomed, body: { title: 'Saved' } },
          { action: 'delete', collection: 'products', id: doomed },
        ];
        const res = await callers.call('store A', 'post', batchPath()).send({ operations }).expect(404);
        expect(res.body.message).toBe('Operation 2: Document not found');
        expect(await titleOf(doomed)).toBe('Doomed');
        const reversed = await callers.call('store A', 'post', batchPath()).send({ operations: [{ action: 'update', collection: 'products', id: doomed, body: { title: 'Doomed' } }, operations[1]] }).expect(200);
        expect(reversed.body.data.results).toEqual([expect.objectContaining({ status: 200 }), { status: 200, data: null }]);
        expect(await titleOf(doomed)).toBeUndefined();
      } finally {
        await setAccess({ owner: data.owner, appId: data.appId, collection: 'products', access: { rules: allRules({ kind: 'anyone' }) } });
      }
    });
  });

  it('is all or nothing on SQLite when the engine refuses a write (a unique value twice); in order on MongoDB, the writes before it counted', async () => {
    const before = await count('makers');
    const usage = (await usageOf({ ctx: t.ctx, appId: data.appId })).documents;
    const operations = [{ action: 'create', collection: 'makers', body: { name: 'Twice' } }, { action: 'create', collection: 'makers', body: { name: 'Twice' } }];
    const res = await callers.call('the app', 'post', batchPath()).send({ operations }).expect(409);
    expect(res.body.fieldErrors).toEqual({ name: 'Name is already used by another document' });
    // docs/public-data-api.md, "Batch": without transactions the write before the refused one stays, and counts.
    const stays = t.ctx.store.engine === 'sqlite' ? 0 : 1;
    expect(await count('makers')).toBe(before + stays);
    expect((await usageOf({ ctx: t.ctx, appId: data.appId })).documents).toBe(usage + stays);
  });

  it('refuses more than 100 operations', async () => {
    const operations = Array.from({ length: 101 }, () => ({ action: 'delete', collection: 'products', id: 'x' }));
    await callers.call('the app', 'post', batchPath()).send({ operations }).expect(400);
  });

  it('applies each collection\'s rules to each operation, and a store owns what it creates', async () => {
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'reviews', access: { rules: allRules({ kind: 'owner' }) } });
    const res = await callers.call('store A', 'post', batchPath()).send({ operations: [{ action: 'create', collection: 'reviews', body: { stars: 4 } }] }).expect(200);
    expect(res.body.data.results[0].data._owner).toBe(callers.storeA);
    const mine = res.body.data.results[0].data._id as string;
    await callers.call('store B', 'post', batchPath()).send({ operations: [{ action: 'delete', collection: 'reviews', id: mine }] }).expect(404);
    await callers.call('store B', 'post', batchPath()).send({ operations: [{ action: 'create', collection: 'products', body: { title: 'Nope' } }] }).expect(200);
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'products', access: { rules: allRules({ kind: 'locked' }) } });
    const locked = await callers.call('store B', 'post', batchPath()).send({ operations: [{ action: 'create', collection: 'products', body: { title: 'Nope' } }] }).expect(403);
    expect(locked.body.message).toBe('Operation 1: This collection is open to its app only');
    await callers.call('anonymous', 'post', batchPath()).send({ operations: [{ action: 'create', collection: 'products', body: { title: 'Nope' } }] }).expect(401);
  });
});
