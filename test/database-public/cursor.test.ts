// Cursor paging of the public lists: every row once, in the list's order, ties broken by _id and
// missing values in their place; stable while rows are written; a forged cursor names no page (404).
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { addCollection, basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';
import { makeCursor, readCursor } from '../../server/services/database/public/cursor';
import type { ListBinding } from '../../server/services/database/public/cursor';

const t = withTestApp({ scope: 'file' });
let a: DataApp;

const FIELDS = [
  { name: 'name', displayName: 'Name', type: 'text', validation: { required: true, indexable: true } },
  { name: 'rank', displayName: 'Rank', type: 'number', validation: { indexable: true } },
];

interface Page {
  items: { _id: string; name: string }[];
  page: number;
  pages: number;
  total: number;
  nextCursor: string | null;
}

const asApp = () => ({ authorization: basic(a.appId, a.appSecret) });

async function list({ params, status = 200, collection = 'items' }: { params: Record<string, string | number>; status?: number; collection?: string }): Promise<{ data: Page; message: string; fieldErrors?: Record<string, string> }> {
  const res = await request(t.app).get(documentsPath(a.appId, collection)).query(params).set('Authorization', asApp().authorization).expect(status);
  return res.body;
}

/** Follows nextCursor from the first page to the last. */
async function walk(params: Record<string, string>): Promise<Page[]> {
  const pages = [(await list({ params: { ...params, limit: 4 } })).data];
  for (let next = pages[0].nextCursor; next; next = pages[pages.length - 1].nextCursor) {
    pages.push((await list({ params: { ...params, limit: 4, cursor: next } })).data);
  }
  return pages;
}

const create = (body: object) => request(t.app).post(documentsPath(a.appId, 'items')).set('Authorization', asApp().authorization).send(body).expect(201);

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'items', fields: FIELDS });
  // Two groups created at one instant each (the test clock stands still): ties on _created.
  for (let i = 0; i < 15; i += 1) {
    if (i === 8) t.advance(1000);
    await create({ name: `n${String(i % 6).padStart(2, '0')}`, ...(i % 5 === 0 ? {} : { rank: i % 4 }) });
  }
});

it.each([
  ['newest first (the default)', {}],
  ['by an indexed text, ties on it', { sort: JSON.stringify({ name: 1 }) }],
  ['by a number some rows lack, ascending', { sort: JSON.stringify({ rank: 1 }) }],
  ['by a number some rows lack, descending', { sort: JSON.stringify({ rank: -1 }) }],
  ['by _id', { sort: JSON.stringify({ _id: -1 }) }],
  ['with a filter', { query: JSON.stringify({ rank: { $gte: 1 } }), sort: JSON.stringify({ rank: -1, name: 1 }) }],
])('a cursor walk answers every row once in the order of one big page: %s', async (_name, params: Record<string, string>) => {
  const whole = (await list({ params: { ...params, limit: 100 } })).data;
  const pages = await walk(params);
  expect(pages.flatMap((page) => page.items.map((item) => item._id))).toEqual(whole.items.map((item) => item._id));
  expect(pages.map((page) => page.page)).toEqual(pages.map((_page, i) => i + 1));
  expect(pages.every((page) => page.total === whole.total && page.pages === Math.ceil(whole.total / 4))).toBe(true);
  expect(whole.nextCursor).toBeNull();
});

it('a cursor keeps its place while newer rows are written, where page numbers shift', async () => {
  const first = (await list({ params: { limit: 4 } })).data;
  t.advance(1000);
  await create({ name: 'newest' });
  const byCursor = (await list({ params: { limit: 4, cursor: first.nextCursor ?? '' } })).data;
  const byPage = (await list({ params: { limit: 4, page: 2 } })).data;
  const seen = new Set(first.items.map((item) => item._id));
  expect(byCursor.items.some((item) => seen.has(item._id))).toBe(false);
  expect(byPage.items.some((item) => seen.has(item._id))).toBe(true);
  expect(byCursor.total).toBe(first.total + 1);
});

it.each([
  ['an edited position', (cursor: string) => `${Buffer.from('{"list":"x","page":2,"values":["a","b"]}').toString('base64url')}.${cursor.split('.')[1]}`, 'The cursor is not valid'],
  ['an edited signature', (cursor: string) => `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`, 'The cursor is not valid'],
  ['no signature', (cursor: string) => cursor.split('.')[0], 'The cursor is not valid'],
  ['plain text', () => 'page-2', 'The cursor is not valid'],
])('%s names no page: 404', async (_name, forge, message) => {
  const first = (await list({ params: { limit: 4 } })).data;
  const refused = await list({ params: { limit: 4, cursor: forge(first.nextCursor ?? '') }, status: 404 });
  expect(refused.message).toBe(message);
  expect(refused.fieldErrors).toEqual({ 'query.cursor': message });
});

it.each([
  ['another sort', { sort: JSON.stringify({ name: 1 }) }, 'items'],
  ['another query', { query: JSON.stringify({ rank: 1 }) }, 'items'],
  ['another collection', {}, 'products'],
])('a cursor used with %s names no page of it: 404', async (_name, params: Record<string, string>, collection) => {
  const first = (await list({ params: { limit: 4 } })).data;
  const refused = await list({ params: { ...params, limit: 4, cursor: first.nextCursor ?? '' }, status: 404, collection });
  expect(refused.message).toBe('The cursor belongs to another query or sort');
});

it('the live document declares the cursor parameter and nextCursor', async () => {
  const res = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).set('Authorization', asApp().authorization).expect(200);
  const list = res.body.paths[`/api/v1/data/${a.appId}/collections/items/documents`].get;
  expect(list.parameters.map((p: { name: string }) => p.name)).toContain('cursor');
  const page = res.body.components.schemas.Items_Page.properties.data;
  expect(page.properties.nextCursor).toMatchObject({ type: ['string', 'null'] });
  expect(page.required).toContain('nextCursor');
});

describe('cursors made again', () => {
  const binding = (secret: string): ListBinding => ({ secret, collectionId: 'c1', filter: {}, sort: { _created: -1, _id: -1 } });
  const last = { _id: 'doc-9', _created: '2026-01-01T00:00:00.000Z', _updated: '2026-01-01T00:00:00.000Z' };

  it('are the same cursor each time, and each opens its page under its own secret only', () => {
    const first = makeCursor({ binding: binding('secret-one-of-some-length'), last, page: 2 });
    const again = makeCursor({ binding: binding('secret-one-of-some-length'), last, page: 2 });
    const other = makeCursor({ binding: binding('secret-two-of-some-length'), last, page: 2 });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(readCursor({ binding: binding('secret-one-of-some-length'), cursor: first ?? '' }).page).toBe(2);
    expect(readCursor({ binding: binding('secret-two-of-some-length'), cursor: other ?? '' }).page).toBe(2);
    expect(() => readCursor({ binding: binding('secret-two-of-some-length'), cursor: first ?? '' })).toThrow('The cursor is not valid');
  });
});
