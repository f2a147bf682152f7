// Engine additions of the developer and account screens: a property beside a $ref keeps its own
// title and hints, a list can be shown as its count, a card's parts may name a nested value,
// and an edit form sends an emptied text as '' so a partial update clears it.
import { cardParts } from '../../forms/resource/card';
import { formatCell } from '../../forms/resource/cell-format';
import { propertiesOf, resourceColumns } from '../../forms/resource/columns';
import { editedValues } from '../../forms/resource/form-values';
import type { JsonSchema } from '../../forms/schemas';

const Url: JsonSchema = { type: 'string', maxLength: 2000 };
const Meta: JsonSchema = { type: 'object', properties: { icon: { $ref: '#/components/schemas/Url', title: 'Icon' } } };
const Thing: JsonSchema = {
  type: 'object',
  'x-ui': { card: { title: 'name', image: 'meta.icon' } },
  properties: {
    name: { type: 'string', title: 'Name' },
    link: { $ref: '#/components/schemas/Url', title: 'Redirect URL', 'x-ui': { list: 'hidden' } },
    meta: { $ref: '#/components/schemas/Meta' },
    fields: { type: 'array', title: 'Fields', items: { type: 'object', properties: { key: { type: 'string' } } }, 'x-ui': { list: true, format: 'count' } },
  },
};
const definitions = { Url, Meta, Thing };

it("keeps a property's title and hints written beside its $ref, with the target's limits", () => {
  expect(propertiesOf({ schema: Thing, definitions }).link).toEqual({ type: 'string', maxLength: 2000, title: 'Redirect URL', 'x-ui': { list: 'hidden' } });
  expect(resourceColumns({ schema: Thing, definitions }).map((column) => column.header)).toEqual(['Name', 'Redirect URL', 'Fields']);
});

it.each<[unknown, string]>([
  [[{ key: 'a' }, { key: 'b' }, { key: 'c' }], '3'],
  [[], '0'],
  [1234, '1,234'],
])('counts %p as %s', (value, shown) => {
  expect(formatCell({ format: { kind: 'count' }, value })).toBe(shown);
});

it("takes a card's picture from a nested value its hint names", () => {
  const parts = cardParts({ schema: Thing, definitions });
  expect(parts.title?.field).toBe('name');
  expect(parts.image?.field).toBe('meta.icon');
  expect(parts.lines.map((line) => line.field)).toEqual(['fields']);
});

describe('what an edit form sends', () => {
  const schema: JsonSchema = { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' }, link: { $ref: '#/components/schemas/Url' }, on: { type: 'boolean' } } };

  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    ['what it holds, unchanged', { name: 'A', note: 'n' }, { name: 'A', note: 'n' }, { name: 'A', note: 'n' }],
    ['an emptied text as an empty string', { name: 'A', note: 'n', link: 'https://a.example' }, { name: 'A' }, { name: 'A', note: '', link: '' }],
    ['nothing for a text that was empty before', { name: 'A' }, { name: 'A' }, { name: 'A' }],
    ['nothing for an emptied value that is not text', { name: 'A', on: true }, { name: 'A' }, { name: 'A' }],
    ['texts trimmed, as the server keeps them', { name: 'A' }, { name: '  A  ', link: ' https://a.example ', on: true }, { name: 'A', link: 'https://a.example', on: true }],
  ])('%s', (_, initial, data, sent) => {
    expect(editedValues({ schema, initial, data, definitions })).toEqual(sent);
  });
});
