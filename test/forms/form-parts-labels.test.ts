// Hints of the document (forms/resource/ui-hints.ts): a write schema drawn as several forms
// (`x-ui.forms`), where a property added to the schema joins the part holding '*'; a card's text
// (a teaser under its heading, `x-ui.card.text`); words for stored values (`x-ui.labels`).
import { cardParts } from '../../forms/resource/card';
import { cellFormatOf, formatCell } from '../../forms/resource/cell-format';
import { formPartSchema } from '../../forms/resource/form-parts';
import type { JsonSchema } from '../../forms/schemas';

const WidgetUpdate: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  'x-ui': { forms: { rename: { fields: ['name', '*'], required: ['name'] }, move: { fields: ['projectId'], required: ['projectId'] }, editor: { fields: ['settings'] } } },
  properties: {
    name: { type: 'string', title: 'Name' },
    projectId: { type: ['string', 'null'], title: 'Project' },
    settings: { type: 'object', additionalProperties: true },
    probeNote: { type: 'string', title: 'Probe note' },
  },
};
const definitions = { WidgetUpdate };
const ref = { $ref: '#/components/schemas/WidgetUpdate' };
const keysOf = (schema: JsonSchema) => Object.keys(schema.properties as object);

describe('a write schema drawn in parts', () => {
  it.each([
    ['rename', ['name', 'probeNote'], ['name']],
    ['move', ['projectId'], ['projectId']],
    ['editor', ['settings'], []],
  ])('the %s form holds %j and requires %j', (part, fields, required) => {
    const schema = formPartSchema({ schema: ref, part, definitions });
    expect(keysOf(schema)).toEqual(fields);
    expect(schema.required).toEqual(required);
    expect(schema.additionalProperties).toBe(false);
  });

  it('refuses a part the document does not declare', () => {
    expect(() => formPartSchema({ schema: ref, part: 'archive', definitions })).toThrow('no part "archive"');
  });
});

describe('words for stored values', () => {
  const status: JsonSchema = { type: 'string', enum: ['pending', 'active'], 'x-ui': { format: 'text', labels: { pending: 'pending approval' } } };
  it.each([
    ['pending', 'pending approval'],
    ['active', 'active'],
  ])('shows %s as %s', (value, shown) => {
    const format = cellFormatOf({ property: status, siblings: {} });
    expect(format.kind).toBe('text');
    expect(formatCell({ format, value })).toBe(shown);
  });

  it('keeps the format the type gives beside the labels', () => {
    const format = cellFormatOf({ property: { type: 'string', enum: ['pending'], 'x-ui': { labels: { pending: 'waiting' } } }, siblings: {} });
    expect(format).toEqual({ kind: 'badge', options: ['pending'], labels: { pending: 'waiting' } });
  });
});

describe("a card's text", () => {
  const App: JsonSchema = {
    type: 'object',
    'x-ui': { card: { title: 'name', image: 'picture', text: 'teaser' } },
    properties: { name: { type: 'string', title: 'Name' }, picture: { type: 'string' }, teaser: { type: 'string', title: 'Teaser' }, category: { type: 'string', title: 'Category' }, probeNote: { type: 'string', title: 'Probe note' } },
  };
  it('is the hinted property, out of the lines, which keep every other one', () => {
    const parts = cardParts({ schema: { $ref: '#/components/schemas/App' }, definitions: { App } });
    expect(parts.text?.field).toBe('teaser');
    expect(parts.lines.map((line) => line.field)).toEqual(['category', 'probeNote']);
  });
});
