// Property: whatever JSON a client sends as a document or a field list, the services either
// store it or refuse it with a 4xx; no input reaches the engine unchecked or ends in a 500.
import fc from 'fast-check';
import { withTestApp } from '../helpers/test-app';
import { createDocument, listDocuments } from '../../server/services/database/documents';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { AppError } from '../../server/http/errors';
import type { DbField } from '../../generated/client/types.gen';
import { newCollection, newDatabase } from './service-helpers';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const t = withTestApp({ scope: 'file' });
let appId: string;

const EVERY_TYPE: DbField[] = [
  { displayName: 'Text', type: 'text', validation: { maxLength: 5 } },
  { displayName: 'Email', type: 'email' },
  { displayName: 'Rich', type: 'rich-text' },
  { displayName: 'Number', type: 'number', validation: { unique: true } },
  { displayName: 'Choice', type: 'enumeration', validation: { enum: ['a', 'b'] } },
  { displayName: 'Day', type: 'date', validation: { indexable: true } },
  { displayName: 'Flag', type: 'boolean' },
  { displayName: 'Data', type: 'json' },
  { displayName: 'Code', type: 'uid' },
  { displayName: 'Link', type: 'url' },
  { displayName: 'List', type: 'array', subtype: 'number' },
  { displayName: 'Self', type: 'relation', relation: 'everything' },
  { displayName: 'Image', type: 'media' },
];
const NAMES = ['text', 'email', 'rich', 'number', 'choice', 'day', 'flag', 'data', 'code', 'link', 'list', 'self', 'image', 'other', '_id', 'constructor', 'a.b', '$set'];

const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('a', '2026-01-02', 'x@y.zz', 'https://a.example', '01/02/2026'));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('k', '$k', 'a.b', ''), scalar, { maxKeys: 2 }));

const isClientError = (err: unknown): boolean => err instanceof AppError && err.status >= 400 && err.status < 500;

beforeAll(async () => {
  appId = await newDatabase(t.ctx);
  await newCollection({ ctx: t.ctx, appId, name: 'everything', attributes: [] });
  await saveCollectionSchema({ ctx: t.ctx, appId, name: 'everything', input: { attributes: EVERY_TYPE } });
});

it('stores or refuses with a 4xx any document body', async () => {
  await fc.assert(
    fc.asyncProperty(fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 5 }), async (input) => {
      try {
        await createDocument({ ctx: t.ctx, appId, name: 'everything', input, view: 'owner' });
      } catch (err) {
        if (!isClientError(err)) throw err;
      }
    }),
    { numRuns: RUNS },
  );
  expect((await listDocuments({ ctx: t.ctx, appId, name: 'everything', view: 'owner', limit: 100 })).items.every((doc) => doc._id)).toBe(true);
});

const field = fc.record(
  {
    id: fc.constantFrom('f1', 'f2', 'f3'),
    name: fc.constantFrom('title', 'Title', 'a b', '', 'x1'),
    displayName: fc.constantFrom('Title', '', 'Price (EUR)', '!!'),
    type: fc.constantFrom(...(['text', 'number', 'array', 'relation', 'enumeration', 'uid', 'password', 'json', 'date'] as const)),
    subtype: fc.constantFrom(...(['text', 'relation', 'number'] as const)),
    relation: fc.constantFrom('everything', 'nowhere'),
    defaultValue: value,
    validation: fc.record({ required: fc.boolean(), unique: fc.boolean(), indexable: fc.boolean(), minLength: fc.nat(5), maxLength: fc.nat(5), enum: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['type'] },
);

it('saves or refuses with a 4xx any field list', async () => {
  await newCollection({ ctx: t.ctx, appId, name: 'shapes', attributes: [] });
  await fc.assert(
    fc.asyncProperty(fc.array(field, { maxLength: 3 }), async (attributes) => {
      try {
        await saveCollectionSchema({ ctx: t.ctx, appId, name: 'shapes', input: { attributes } });
      } catch (err) {
        if (!isClientError(err)) throw err;
      }
    }),
    { numRuns: RUNS },
  );
});
