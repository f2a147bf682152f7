// Two hints of the document (forms/resource/ui-hints.ts): a write schema drawn as several forms
// (`x-ui.forms`), where a property added to the schema joins the part holding '*'; and words shown
// for stored values (`x-ui.labels`) in every list, card and record view.
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
