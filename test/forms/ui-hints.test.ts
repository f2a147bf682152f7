// The document's presentation hints (`x-ui`) as every list, card, record view and form reads
// them: a property added to a schema shows everywhere, in document order, unless a hint says otherwise.
import { cardParts } from '../../forms/resource/card';
import { hiddenColumnsOf, resourceColumns } from '../../forms/resource/columns';
import { cellFormatOf, formatCell } from '../../forms/resource/cell-format';
import { formValuesOf, hintedUiSchema, mergeUiSchemas } from '../../forms/resource/form-hints';
import { searchOf } from '../../forms/resource/search';
import { detailsBlocks, orderedKeys } from '../../forms/resource/ui-hints';
import { runtimeEntry } from '../../forms/schemas';
import type { JsonSchema } from '../../forms/schemas';

const Project: JsonSchema = {
  type: 'object',
  'x-ui': { order: ['name', '*', 'created'], card: { title: 'name', image: 'thumbnail' }, details: [{ title: 'Project', fields: ['name', 'domain'] }, { title: 'More', fields: ['*'] }] },
  properties: {
    projectId: { type: 'string', readOnly: true, 'x-ui': { list: false, details: false } },
    created: { type: 'string', format: 'date-time', title: 'Created', readOnly: true },
    domain: { type: 'string', title: 'Domain' },
    name: { type: 'string', title: 'Name', 'x-ui': { placeholder: 'My site' } },
    thumbnail: { type: 'string', title: 'Thumbnail', 'x-ui': { format: 'thumbnail', list: 'hidden' } },
    about: { type: 'string', title: 'About', 'x-ui': { format: 'plain-text', widget: 'textarea' } },
    users: { type: 'array', items: { type: 'object', properties: { fullName: { type: 'string' } } } },
    probeNote: { type: 'string', title: 'Probe note' },
  },
};
const definitions = { Project };
const ref = { $ref: '#/components/schemas/Project' };

describe('order of properties', () => {
  it.each<[string, ReadonlyArray<string> | undefined, string[]]>([
    ['no order: document order', undefined, ['a', 'b', 'c']],
    ['leaders then the rest', ['c', '*'], ['c', 'a', 'b']],
    ['trailers after the rest', ['*', 'a'], ['b', 'c', 'a']],
    ['names the schema lacks are skipped', ['gone', 'b', '*'], ['b', 'a', 'c']],
    ['an order without * still keeps every key', ['c'], ['c', 'a', 'b']],
  ])('%s', (_, order, expected) => {
    expect(orderedKeys({ keys: ['a', 'b', 'c'], order })).toEqual(expected);
  });
});

describe('a list from the schema and its hints', () => {
  it('shows every listed scalar in hint order, a new property included, and never one marked list: false', () => {
    expect(resourceColumns({ schema: ref, definitions }).map((c) => c.field)).toEqual(['name', 'domain', 'thumbnail', 'about', 'probeNote', 'created']);
  });

  it('keeps list: hidden columns under Columns', () => {
    expect(hiddenColumnsOf({ schema: ref, definitions })).toEqual(['thumbnail']);
  });

  it.each<[string, string, unknown]>([
    ['rich text as plain words', 'about', '<p>Simple and <b>well</b> made.</p><p>Yes &amp; no</p>'],
  ])('formats %s', (_, field, value) => {
    const [column] = resourceColumns({ schema: ref, definitions, columns: [field] });
    expect(formatCell({ format: column.format, value })).toBe('Simple and well made. Yes & no');
  });

  it.each([
    ['bytes', 104_857_600, '100 MB'],
    ['relative-time', new Date(Date.now() - 3 * 3600_000).toISOString(), '3 hours ago'],
    ['date-time', '2026-03-05T23:10:07Z', '03/05/2026 23:10:07 UTC'],
  ] as const)('formats %s from an x-ui hint', (format, value, text) => {
    expect(formatCell({ format: cellFormatOf({ property: { type: 'string', 'x-ui': { format } }, siblings: {} }), value })).toBe(text);
  });
});

describe('a card from the schema and its hints', () => {
  it('takes its heading and picture from the hint and a line for every other shown property', () => {
    const parts = cardParts({ schema: ref, definitions });
    expect(parts.title?.field).toBe('name');
    expect(parts.image?.field).toBe('thumbnail');
    expect(parts.lines.map((l) => l.field)).toEqual(['domain', 'about', 'probeNote', 'created']);
  });
});

describe('a record view from the schema and its hints', () => {
  it('fills the block holding * with every property not named elsewhere', () => {
    expect(detailsBlocks({ schema: Project, properties: Project.properties as Record<string, JsonSchema>, title: 'Details' })).toEqual([
      { title: 'Project', fields: ['name', 'domain'] },
      { title: 'More', fields: ['thumbnail', 'about', 'probeNote', 'created'] },
    ]);
  });

  it('draws one block of every property when the schema gives none', () => {
    const plain: JsonSchema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: {} } } };
    expect(detailsBlocks({ schema: plain, properties: plain.properties as Record<string, JsonSchema>, title: 'Details' })).toEqual([{ title: 'Details', fields: ['a'] }]);
  });
});

describe('a form from the schema and its hints', () => {
  it('gives the hinted widgets and placeholders and an order ending with *', () => {
    expect(hintedUiSchema({ schema: ref, definitions })).toEqual({
      name: { 'ui:placeholder': 'My site' },
      about: { 'ui:widget': 'textarea' },
      'ui:order': ['name', '*', 'created'],
    });
  });

  it('lets a screen lay a field option over a hint without losing the hint', () => {
    expect(mergeUiSchemas({ name: { 'ui:placeholder': 'My site' } }, { name: { 'ui:readonly': true } })).toEqual({ name: { 'ui:placeholder': 'My site', 'ui:readonly': true } });
  });

  it('starts an edit from every declared property the record holds, a new one included, and none the server owns', () => {
    const record = { projectId: 'p1', created: '2026-01-01T00:00:00Z', name: 'Shop', probeNote: 'kept', extra: 'not declared', domain: null };
    expect(formValuesOf({ schema: ref, record, definitions })).toEqual({ name: 'Shop', probeNote: 'kept' });
  });
});

describe("a list's search from the schema's hints", () => {
  const Person: JsonSchema = { type: 'object', 'x-ui': { search: ['email', 'name', { field: 'id', exact: true }] }, properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } };

  it('runs on the first hinted property by default and offers the others, ids matched exactly', () => {
    expect(searchOf({ schema: runtimeEntry({ name: 'Person', schema: Person }) })).toEqual({ field: 'email', choices: [{ field: 'name' }, { field: 'id', exact: true }] });
  });

  it("keeps a description's own search, and has none when neither gives one", () => {
    expect(searchOf({ schema: runtimeEntry({ name: 'Person', schema: Person }), search: { field: 'name' } })).toEqual({ field: 'name' });
    expect(searchOf({ schema: runtimeEntry({ name: 'Person', schema: { type: 'object', properties: {} } }) })).toBeUndefined();
  });
});
