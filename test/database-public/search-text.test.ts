// Texts a caller searches for on an indexed text field (issue 27 item 3): they reach the contains
// index (SQLite's full-text table) as bound parameters inside a quoted phrase, so FTS5's own syntax
// and control characters are searched for as written; a NUL, which the full-text query cannot take
// (it answered 500 "unterminated string"), is a 400 naming the field, anonymously on a public
// collection, on its count, on the owner's documents and on the app's users list.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { escapeRegex } from '../../server/services/developer/escape-regex';
import { NUL_NOT_STORABLE } from '../../server/storage/mongo/errors';
import { dataApp, documentsPath, installToken, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
/** The titles the engine stored. */
const stored: string[] = [];

const FIELDS = [{ name: 'title', displayName: 'Title', type: 'text', validation: { indexable: true } }];
const TITLES = ['abc\u0001def', 'say "hi" *now*', 'NEAR the ^top: yes', 'tab\there', 'col:umn (AND) -minus OR +plus', 'plain note', 'nul\u0000inside'];

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: FIELDS });
  await setAccess({ owner: a.owner, appId: a.appId, collection: 'notes', access: { read: 'public', write: 'owner' } });
  for (const title of TITLES) {
    const res = await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/notes/document`).send({ title });
    // FerretDB over PostgreSQL cannot store NUL (docs/storage.md): refused as a bad request, nothing else.
    if (title.includes('\u0000') && res.status === 400) expect(res.body.message).toBe(NUL_NOT_STORABLE);
    else expect(res.status).toBe(200);
    if (res.status === 200) stored.push(title);
  }
  await installToken({ app: t.app, ctx: t.ctx, appId: a.appId, appSecret: a.appSecret });
}, 60_000);

const contains = (field: string, text: string) => JSON.stringify({ [field]: { $regex: escapeRegex(text), $options: 'i' } });
const publicList = (query: string) => request(t.app).get(documentsPath(a.appId, 'notes')).query({ query });
const publicCount = (query: string) => request(t.app).get(`/api/v1/data/${a.appId}/collections/notes/count`).query({ query });
const ownersList = (query: string) => a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/notes/document`).query({ query });

describe('a search holding NUL', () => {
  const refusal = (field: string) => `The query is not allowed: ${field}: $regex cannot hold the NUL character (U+0000); write \\x00 to match it`;

  it.each([
    ['the public list', () => publicList(contains('title', 'abc\u0000def'))],
    ['the public count', () => publicCount(contains('title', 'abc\u0000def'))],
  ])('is a 400 naming the field on %s, asked anonymously', async (_where, ask) => {
    const res = await ask();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: refusal('title') });
  });

  it("is a 400 naming the field on the owner's documents", async () => {
    const res = await ownersList(contains('title', 'abc\u0000def'));
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: refusal('title') });
  });

  it("is a 400 naming the field on the app's users", async () => {
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/users`).query({ query: contains('accountEmail', 'shop\u0000') });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: refusal('accountEmail') });
  });

  it('is found when written \\x00, the pattern for NUL', async () => {
    const res = await publicCount(JSON.stringify({ title: { $regex: 'l\\x00i' } })).expect(200);
    expect(res.body.data.count).toBe(stored.filter((title) => title.includes('l\u0000i')).length);
    if (!process.env.MONGODB_URI) expect(res.body.data.count).toBe(1);
  });
});

describe('a search holding control characters or full-text syntax', () => {
  it.each<[string, string, string[]]>([
    ['a control character', 'c\u0001d', ['abc\u0001def']],
    ['a tab', 'b\th', ['tab\there']],
    ['double quotes', '"hi"', ['say "hi" *now*']],
    ['a lone double quote', 'y "h', ['say "hi" *now*']],
    ['stars', '*now*', ['say "hi" *now*']],
    ['NEAR and a caret', 'near the ^', ['NEAR the ^top: yes']],
    ['a column filter', 'col:um', ['col:umn (AND) -minus OR +plus']],
    ['parentheses and operators', '(and) -minus or +', ['col:umn (AND) -minus OR +plus']],
    ['a text nothing holds', '"and"', []],
    ['a short text after a NUL in the document', 'si', ['nul\u0000inside']],
    ['a text after a NUL in the document', 'inside', ['nul\u0000inside']],
  ])('finds exactly the documents holding %s, listed, counted and on the owner\'s list', async (_case, text, titles) => {
    const query = contains('title', text);
    titles = titles.filter((title) => stored.includes(title));
    const listed = await publicList(query).expect(200);
    expect((listed.body.data.items as { title: string }[]).map((doc) => doc.title).sort()).toEqual([...titles].sort());
    expect((await publicCount(query).expect(200)).body.data.count).toBe(titles.length);
    expect((await ownersList(query).expect(200)).body.data.total).toBe(titles.length);
  });

  it("finds the app's users by a piece of their email with its punctuation", async () => {
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/users`).query({ query: contains('accountEmail', '@data.example') }).expect(200);
    expect(res.body.data.total).toBe(1);
  });
});
