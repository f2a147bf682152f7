// Every message of spec 001 sections 5 and 8 for the database, through the owner API.
import { withTestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { collectionWith, dbPath, ownerWithDatabase } from './owner-helpers';

type Method = 'get' | 'post' | 'put' | 'delete';

const t = withTestApp();
let owner: Agent;
let appId: string;

beforeEach(async () => {
  ({ owner, appId } = await ownerWithDatabase(t));
  await collectionWith({ owner, appId, name: 'products', attributes: [{ displayName: 'Title', type: 'text', validation: { required: true } }] });
  await collectionWith({ owner, appId, name: 'empty', attributes: [] });
});

const call = (method: Method, rest: string, body?: object) => {
  const req = owner[method](dbPath(appId, rest));
  return body ? req.send(body) : req;
};

describe('database messages', () => {
  it.each<[string, Method, string, object | undefined, number, string]>([
    ['creates a collection', 'post', '/collection/My%20Orders', {}, 200, 'Collection my-orders created successfully.'],
    ['refuses special characters', 'post', '/collection/orders!', {}, 400, 'Please remove special characters'],
    ['refuses a blank name', 'post', '/collection/%20%20', {}, 400, 'Missing collection name'],
    ['refuses a name the app has', 'post', '/collection/Products', {}, 400, 'Collection products already exists.'],
    ['renames', 'put', '/collection/products', { name: 'Goods 2' }, 200, 'Collection name updated successfully'],
    ['refuses a rename onto another collection', 'put', '/collection/products', { name: 'empty' }, 400, 'Collection empty already exists.'],
    ['refuses a blank rename', 'put', '/collection/products', { name: ' ' }, 400, 'Missing collection name'],
    ['deletes', 'delete', '/collection/products', undefined, 200, 'Collection products has been deleted'],
    ['creates a field', 'post', '/collection/empty/schema', { attributes: [{ displayName: 'Price', type: 'number' }] }, 200, 'Collection field created successfully'],
    ['refuses a field without display name', 'post', '/collection/empty/schema', { attributes: [{ name: 'price', type: 'number' }] }, 400, 'Missing required fields'],
    ['refuses an array without its type', 'post', '/collection/empty/schema', { attributes: [{ displayName: 'Tags', type: 'array' }] }, 400, 'Missing array type field'],
    [
      'refuses two fields of one name',
      'post',
      '/collection/empty/schema',
      { attributes: [{ displayName: 'Unit price', type: 'number' }, { displayName: 'Unit Price!', type: 'text' }] },
      400,
      'A field with the same name already exists',
    ],
    ['creates a document', 'post', '/collection/products/document', { title: 'Lamp' }, 200, 'Document created successfully'],
    ['refuses a document without its required fields', 'post', '/collection/products/document', {}, 400, 'Some required fields are missing'],
    ['refuses a document in a collection without fields', 'post', '/collection/empty/document', { title: 'Lamp' }, 400, 'Please create a field first'],
    ['answers 404 for a missing collection', 'get', '/collection/nothing', undefined, 404, 'Collection not found'],
    ['answers 404 for a missing document', 'get', '/collection/products/document/nope', undefined, 404, 'Document not found'],
  ])('%s', async (_what, method, rest, body, status, message) => {
    const res = await call(method, rest, body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
  });

  it('says which field changed by its id: updated, then deleted', async () => {
    const { body } = await call('get', '/collection/products/schema');
    const [title] = body.data.attributes;
    const renamed = await call('post', '/collection/products/schema', { attributes: [{ ...title, displayName: 'Name' }] });
    expect(renamed.body.message).toBe('Collection field updated successfully');
    expect(renamed.body.data.attributes[0]).toMatchObject({ id: title.id, name: 'title', displayName: 'Name' });
    const removed = await call('post', '/collection/products/schema', { attributes: [] });
    expect(removed.body.message).toBe('Collection field deleted successfully');
  });

  it('documents updated and deleted say so', async () => {
    const created = await call('post', '/collection/products/document', { title: 'Lamp' });
    const id = created.body.data._id;
    expect((await call('put', `/collection/products/document/${id}`, { title: 'Desk lamp' })).body).toMatchObject({ message: 'Document updated successfully', data: { title: 'Desk lamp' } });
    expect((await call('delete', `/collection/products/document/${id}`)).body.message).toBe('Document deleted successfully');
    expect((await call('get', `/collection/products/document/${id}`)).status).toBe(404);
  });

  it('a rename with an unchanged name changes nothing', async () => {
    const before = (await call('get', '/collection/products')).body.data;
    const res = await call('put', '/collection/products', { name: 'Products' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(before);
  });

  it('a renamed collection keeps its id and documents, found by either name or id', async () => {
    await call('post', '/collection/products/document', { title: 'Lamp' });
    const { id } = (await call('get', '/collection/products')).body.data;
    await call('put', '/collection/products', { name: 'Goods' });
    expect((await call('get', '/collection')).body.data.sort()).toEqual(['empty', 'goods']);
    expect((await call('get', `/collection/${id}`)).body.data).toMatchObject({ name: 'goods', documentCount: 1 });
    expect((await call('get', '/collection/goods/document')).body.data.items).toEqual([expect.objectContaining({ title: 'Lamp' })]);
  });

  it('flags array fields validation.array and derives names in camel case', async () => {
    const res = await call('post', '/collection/empty/schema', { attributes: [{ displayName: 'Tag list (main)', type: 'array', subtype: 'text' }] });
    expect(res.body.data.attributes[0]).toMatchObject({ name: 'tagListMain', type: 'array', subtype: 'text', validation: { array: true } });
  });

  it('refuses an array of arrays', async () => {
    const res = await call('post', '/collection/empty/schema', { attributes: [{ displayName: 'Grid', type: 'array', subtype: 'array' }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['attributes.0.subtype']);
  });
});

describe('the database itself', () => {
  it('exists once created, lists no collection after it is deleted, and creating twice changes nothing', async () => {
    expect((await call('get', '')).body.data).toMatchObject({ appId, exists: true });
    expect((await call('post', '')).status).toBe(200);
    expect((await call('delete', '')).body).toMatchObject({ message: 'Database deleted successfully', data: { exists: false } });
    expect((await call('get', '/collection')).body.data).toEqual([]);
    expect((await call('post', '/collection/x')).body).toMatchObject({ message: 'Database not found' });
  });

  it('goes with its app', async () => {
    await call('post', '/collection/products/document', { title: 'Lamp' });
    await owner.delete(`/integrations/developer/apps/${appId}`).expect(200);
    expect(await t.ctx.store.collection('dbCollections').count({ appId })).toBe(0);
    expect(await t.ctx.store.collection('dbDatabases').count({ appId })).toBe(0);
  });
});

describe('documents list', () => {
  beforeEach(async () => {
    for (const title of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) {
      t.ctx.now = ((at) => () => at)(new Date(Date.UTC(2026, 0, title.charCodeAt(0) - 96)));
      await call('post', '/collection/products/document', { title });
    }
  });

  it('answers 10 per page, newest first, with page, pages and total', async () => {
    const { body } = await call('get', '/collection/products/document');
    expect(body.data).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(body.data.items.map((d: { title: string }) => d.title)).toEqual(['l', 'k', 'j', 'i', 'h', 'g', 'f', 'e', 'd', 'c']);
  });

  it('filters and sorts with URL-encoded JSON on the fields', async () => {
    const query = encodeURIComponent(JSON.stringify({ title: { $in: ['a', 'c', 'b'] } }));
    const sort = encodeURIComponent(JSON.stringify({ title: 1 }));
    const { body } = await call('get', `/collection/products/document?query=${query}&sort=${sort}&limit=2&page=2`);
    expect(body.data).toMatchObject({ page: 2, pages: 2, total: 3, items: [expect.objectContaining({ title: 'c' })] });
    expect((await call('get', `/collection/products/document/count?query=${query}`)).body.data).toEqual({ count: 3 });
  });

  it.each([
    ['an unknown field', { price: 1 }, 'The query uses a field that cannot be searched: price'],
    ['an operator outside the allow-list', { title: { $where: 'x' } }, 'The query is not allowed: Unsupported query operator $where (on "title")'],
  ])('refuses %s with a clear 400', async (_what, query, message) => {
    const res = await call('get', `/collection/products/document?query=${encodeURIComponent(JSON.stringify(query))}`);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  });
});
