// The hints that let one form edit an object beside its parent (`inline`), split itself into
// named parts (`group`), and show a property for any of several values (`when` lists).
import type { JsonSchema } from '../../forms/schemas';
import { shownSchema } from '../../forms/resource/form-conditions';
import { groupUiSchema } from '../../forms/resource/form-groups';
import { hintedUiSchema } from '../../forms/resource/form-hints';
import { inlineSchema, inlineValues, nestedValues } from '../../forms/resource/form-inline';

const Flags: JsonSchema = { type: 'object', 'x-ui': { order: ['loud', '*'] }, required: ['quiet'], properties: { quiet: { type: 'boolean' }, loud: { type: 'boolean' } } };
const Thing: JsonSchema = {
  type: 'object',
  'x-ui': { order: ['name', 'flags', 'note', '*'] },
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', 'x-ui': { form: false } },
    note: { type: 'string', 'x-ui': { when: [{ kind: ['a', 'b'] }, { name: 'x' }] } },
    flags: { $ref: '#/components/schemas/Flags', 'x-ui': { inline: true, group: 'more' } },
  },
};
const definitions = { Flags, Thing };
const keys = (schema: JsonSchema) => Object.keys(schema.properties as object);

describe('an inline object', () => {
  const flat = inlineSchema({ schema: Thing, definitions });

  it("takes its place in the parent's form, in its own order, with its required and the parent's group", () => {
    expect(keys(flat)).toEqual(['name', 'loud', 'quiet', 'note', 'kind']);
    expect(flat.required).toEqual(['quiet']);
    expect((flat.properties as Record<string, JsonSchema>).loud['x-ui']).toEqual({ group: 'more' });
  });

  it('moves values out of the object for the form and back for the record', () => {
    const record = { name: 'n', kind: 'a', flags: { loud: true } };
    const values = inlineValues({ schema: Thing, record, definitions });
    expect(values).toEqual({ name: 'n', kind: 'a', loud: true });
    expect(nestedValues({ schema: Thing, values: { ...values, quiet: false }, definitions })).toEqual({ name: 'n', kind: 'a', flags: { loud: true, quiet: false } });
  });

  it('refuses an inner property that would take the place of one of the parent', () => {
    const Clash = { ...Thing, properties: { ...(Thing.properties as object), loud: { type: 'string' } } };
    expect(() => inlineSchema({ schema: Clash, definitions })).toThrow('x-ui.inline: flags.loud would take the place of loud');
  });
});

describe('groups and conditions', () => {
  const flat = inlineSchema({ schema: Thing, definitions });

  it('shows one group at a time, the first taking what names none', () => {
    expect(Object.keys(groupUiSchema({ schema: flat, groups: ['main', 'more'], shown: 'main', definitions }))).toEqual(['loud', 'quiet']);
    expect(Object.keys(groupUiSchema({ schema: flat, groups: ['main', 'more'], shown: 'more', definitions }))).toEqual(['name', 'note', 'kind']);
  });

  it.each([
    [{ kind: 'a' }, true],
    [{ kind: 'b' }, true],
    [{ kind: 'c' }, false],
    [{ kind: 'c', name: 'x' }, true],
  ])('with %j the conditional property shows: %s', (values, shown) => {
    expect(keys(shownSchema({ schema: flat, values, definitions })).includes('note')).toBe(shown);
  });

  it('never draws a property the screen sets', () => {
    expect(hintedUiSchema({ schema: flat, definitions }).kind).toEqual({ 'ui:widget': 'hidden' });
  });
});
