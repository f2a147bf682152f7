// The 14 field types and the validation flags, on whatever engine the store is: each valid
// value is stored and answered as shown, each invalid one is a 400 naming the field.
import { withTestApp } from '../helpers/test-app';
import { createDocument, getDocument, listDocuments } from '../../server/services/database/documents';
import { documentStore } from '../../server/services/database/model';
import { findCollection } from '../../server/services/database/collections';
import type { DbField } from '../../generated/client/types.gen';
import { newCollection, newDatabase, refusal } from './service-helpers';

const t = withTestApp({ scope: 'file' });
let appId: string;

beforeAll(async () => {
  appId = await newDatabase(t.ctx);
  await newCollection({ ctx: t.ctx, appId, name: 'targets', attributes: [{ displayName: 'Label', type: 'text' }] });
  await documentStore(t.ctx, (await findCollection({ ctx: t.ctx, appId, name: 'targets' }))._id).insertOne({ _id: 'target-1', _created: 'x', _updated: 'x', label: 'One' });
  await t.ctx.store.collection('files').insertOne({ _id: 'file-1', userId: 'u', contentType: 'image/png', size: 1, created: 'x' });
});

type Field = Omit<DbField, 'displayName'>;
type Case = [string, Field, [unknown, unknown][], unknown[]];

const TYPES: Case[] = [
  ['text', { type: 'text' }, [['Lamp', 'Lamp']], [5, true, { a: 1 }]],
  ['email', { type: 'email' }, [[' ann@shop.example ', 'ann@shop.example']], ['ann', 'ann@shop', 'a b@c.de', 7]],
  ['rich-text', { type: 'rich-text' }, [['<p>Hi <b>there</b></p>', '<p>Hi <b>there</b></p>']], [1, ['x']]],
  ['number', { type: 'number' }, [[12.5, 12.5], ['1e3', 1000], [-3, -3]], ['12a', 'abc', true, {}]],
  ['enumeration', { type: 'enumeration', validation: { enum: ['red', 'blue'] } }, [['red', 'red']], ['green', 1]],
  ['date', { type: 'date' }, [['2026-02-28', '2026-02-28'], ['03/31/2026', '2026-03-31'], ['2024-02-29', '2024-02-29'], ['02/29/2000', '2000-02-29']], ['2026-02-30', '31/03/2026', 'tomorrow', 20260101, '2023-02-29', '1900-02-29', '2026-13-01', '2026-04-31']],
  ['boolean', { type: 'boolean' }, [[true, true], ['false', false]], ['yes', 1, 'maybe']],
  ['json', { type: 'json' }, [[{ a: [1, { b: null }] }, { a: [1, { b: null }] }], ['text', 'text']], [{ $where: 'x' }, { 'a.b': 1 }, [{ '': 1 }]]],
  ['uid', { type: 'uid' }, [['sku-1_A', 'sku-1_A']], ['has space', 'x'.repeat(101), 5]],
  ['url', { type: 'url' }, [['https://shop.example/a?b=1', 'https://shop.example/a?b=1']], ['ftp://shop.example', 'shop.example', 'javascript:alert(1)']],
  ['array', { type: 'array', subtype: 'number' }, [[[1, '2'], [1, 2]]], [[1, 'x'], 'not a list', [[1]]]],
  ['relation', { type: 'relation', relation: 'targets' }, [['target-1', 'target-1']], ['missing-doc', 5]],
  ['media', { type: 'media' }, [['file-1', '/api/user/file/file-1'], ['/api/user/file/file-1', '/api/user/file/file-1']], ['missing-file', 'https://elsewhere.example/x.png']],
];

describe.each(TYPES)('%s fields', (type, field, valid, invalid) => {
  const name = `type-${type}`;
  beforeAll(async () => {
    await newCollection({ ctx: t.ctx, appId, name, attributes: [{ ...field, name: 'value', displayName: 'Value' }] });
  });

  it.each(valid)('store %j as %j', async (input, stored) => {
    const doc = await createDocument({ ctx: t.ctx, appId, name, input: { value: input }, view: 'owner' });
    expect(doc.value).toEqual(stored);
    expect((await getDocument({ ctx: t.ctx, appId, name, docId: doc._id, view: 'owner' })).value).toEqual(stored);
  });

  it.each(invalid.map((value) => [value]))('refuse %j with the field in fieldErrors', async (value) => {
    const before = (await listDocuments({ ctx: t.ctx, appId, name, view: 'owner' })).total;
    const refused = await refusal(createDocument({ ctx: t.ctx, appId, name, input: { value }, view: 'owner' }));
    expect(refused).toMatchObject({ status: 400, fieldErrors: { value: expect.stringContaining('Value') } });
    expect((await listDocuments({ ctx: t.ctx, appId, name, view: 'owner' })).total).toBe(before);
  });
});

describe('generated and hidden values', () => {
  it('generates a uid a new document leaves out', async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'uids', attributes: [{ displayName: 'Code', type: 'uid' }, { displayName: 'Note', type: 'text' }] });
    const doc = await createDocument({ ctx: t.ctx, appId, name: 'uids', input: { note: 'n' }, view: 'owner' });
    expect(doc.code).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a password as an argon2id hash and never answers it', async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'secrets', attributes: [{ displayName: 'Login', type: 'text' }, { displayName: 'Secret', type: 'password', validation: { minLength: 8 } }] });
    const doc = await createDocument({ ctx: t.ctx, appId, name: 'secrets', input: { login: 'ann', secret: 'correct horse' }, view: 'owner' });
    expect(doc).not.toHaveProperty('secret');
    const collection = await findCollection({ ctx: t.ctx, appId, name: 'secrets' });
    const stored = await documentStore(t.ctx, collection._id).findOne({ _id: doc._id });
    expect(stored?.secret).toMatch(/^\$argon2id\$/);
    for (const view of ['owner', 'public'] as const) {
      expect(await getDocument({ ctx: t.ctx, appId, name: 'secrets', docId: doc._id, view })).not.toHaveProperty('secret');
      expect((await listDocuments({ ctx: t.ctx, appId, name: 'secrets', view })).items[0]).not.toHaveProperty('secret');
    }
    expect(await refusal(listDocuments({ ctx: t.ctx, appId, name: 'secrets', view: 'owner', query: JSON.stringify({ secret: { $regex: 'argon' } }) }))).toMatchObject({ status: 400 });
    expect(await refusal(createDocument({ ctx: t.ctx, appId, name: 'secrets', input: { secret: 'short' }, view: 'owner' }))).toMatchObject({ fieldErrors: { secret: 'Secret must be at least 8 characters' } });
  });

  it('answers a private field to the owner only', async () => {
    await newCollection({ ctx: t.ctx, appId, name: 'people', attributes: [{ displayName: 'Name', type: 'text' }, { displayName: 'Phone', type: 'text', validation: { private: true } }] });
    const doc = await createDocument({ ctx: t.ctx, appId, name: 'people', input: { name: 'Ann', phone: '555' }, view: 'owner' });
    expect(doc).toMatchObject({ name: 'Ann', phone: '555' });
    expect(await getDocument({ ctx: t.ctx, appId, name: 'people', docId: doc._id, view: 'public' })).not.toHaveProperty('phone');
    expect((await listDocuments({ ctx: t.ctx, appId, name: 'people', view: 'public' })).items[0]).toEqual({ _id: doc._id, _created: doc._created, _updated: doc._updated, _version: 1, name: 'Ann' });
    expect(await refusal(listDocuments({ ctx: t.ctx, appId, name: 'people', view: 'public', query: JSON.stringify({ phone: '555' }) }))).toMatchObject({ status: 400 });
  });
});

describe('validation flags', () => {
  type FlagCase = [string, Field, Record<string, unknown>, Record<string, unknown> | string];
  const FLAGS: FlagCase[] = [
    ['required refuses a missing value', { type: 'text', validation: { required: true } }, {}, 'Value is required'],
    ['required refuses an empty string', { type: 'text', validation: { required: true } }, { value: '' }, 'Value is required'],
    ['required takes a value', { type: 'text', validation: { required: true } }, { value: 'x' }, { value: 'x' }],
    ['a default fills a left out value', { type: 'number', defaultValue: 3 }, {}, { value: 3 }],
    ['minLength refuses a short value', { type: 'text', validation: { minLength: 3 } }, { value: 'ab' }, 'Value must be at least 3 characters'],
    ['maxLength refuses a long value', { type: 'text', validation: { maxLength: 3 } }, { value: 'abcd' }, 'Value must be at most 3 characters'],
    ['lengths take a value between them', { type: 'text', validation: { minLength: 1, maxLength: 3 } }, { value: 'abc' }, { value: 'abc' }],
    ['enum bounds a text field too', { type: 'text', validation: { enum: ['s', 'm'] } }, { value: 'xl' }, 'Value must be one of the allowed values'],
    ['array flags any type as a list', { type: 'text', validation: { array: true, maxLength: 2 } }, { value: ['ab', 'c'] }, { value: ['ab', 'c'] }],
    ['array items obey the lengths', { type: 'text', validation: { array: true, maxLength: 2 } }, { value: ['abc'] }, 'Value must be at most 2 characters (item 1)'],
    ['indexable changes no rule', { type: 'number', validation: { indexable: true } }, { value: 1 }, { value: 1 }],
    ['an unknown field is refused', { type: 'text' }, { other: 1 }, 'This collection has no field other'],
  ];

  it.each(FLAGS)('%s', async (what, field, input, expected) => {
    const name = `flag-${FLAGS.findIndex(([w]) => w === what)}`;
    await newCollection({ ctx: t.ctx, appId, name, attributes: [{ ...field, name: 'value', displayName: 'Value' }] });
    const write = createDocument({ ctx: t.ctx, appId, name, input, view: 'owner' });
    if (typeof expected === 'string') expect(Object.values((await refusal(write)).fieldErrors ?? {})).toEqual([expected]);
    else expect(await write).toMatchObject(expected);
  });
});
