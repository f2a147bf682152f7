// The document's form conditions (`x-ui.when`, `x-ui.locked`) and listed structures (`x-ui.list: true`),
// as the payments screens read them: no screen lists which fields show, lock or are listed.
import { lockedFields, lockedUiSchema, shownSchema } from '../../forms/resource/form-conditions';
import { resourceColumns } from '../../forms/resource/columns';
import type { JsonSchema } from '../../forms/schemas';

const Offer: JsonSchema = {
  type: 'object',
  required: ['name', 'trial'],
  properties: {
    name: { type: 'string', title: 'Name', 'x-ui': { locked: true } },
    free: { type: 'boolean', default: false },
    kind: { type: 'string', enum: ['once', 'repeating'] },
    trial: { type: 'integer', 'x-ui': { when: { free: false }, locked: 'providers' } },
    months: { type: 'integer', 'x-ui': { when: { kind: 'repeating' } } },
    prices: { type: 'array', title: 'Prices', items: { type: 'object', properties: { amount: { type: 'number' } } }, 'x-ui': { locked: 'providers', list: true } },
    providers: { type: 'array', items: { type: 'string' } },
    probeNote: { type: 'string', title: 'Probe note' },
  },
};
const keys = (schema: JsonSchema) => Object.keys((schema as { properties: object }).properties);

describe('x-ui.when', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a new record: the defaults meet it', {}, ['name', 'free', 'kind', 'trial', 'prices', 'providers', 'probeNote']],
    ['a value that meets one', { kind: 'repeating' }, ['name', 'free', 'kind', 'trial', 'months', 'prices', 'providers', 'probeNote']],
    ['a value that fails one', { free: true }, ['name', 'free', 'kind', 'prices', 'providers', 'probeNote']],
  ])('%s', (_, values, expected) => {
    expect(keys(shownSchema({ schema: Offer, values }))).toEqual(expected);
  });

  it('requires only what it shows', () => {
    expect((shownSchema({ schema: Offer, values: { free: true } }) as { required: string[] }).required).toEqual(['name']);
  });
});

describe('x-ui.locked', () => {
  it.each<[string, Record<string, unknown> | undefined, string[]]>([
    ['nothing while creating', undefined, []],
    ['true: once the record exists', { providers: [] }, ['name']],
    ['a property name: while the record holds something there', { providers: ['stripe'] }, ['name', 'trial', 'prices']],
  ])('%s', (_, record, expected) => {
    expect(lockedFields({ schema: Offer, record })).toEqual(expected);
  });

  it('makes a locked field read-only, unfocused, and a locked list closed to new, moved and removed items', () => {
    expect(lockedUiSchema({ schema: Offer, record: { providers: ['stripe'] } })).toEqual({
      name: { 'ui:readonly': true, 'ui:autofocus': false },
      trial: { 'ui:readonly': true, 'ui:autofocus': false },
      prices: { 'ui:readonly': true, 'ui:autofocus': false, 'ui:options': { addable: false, removable: false, orderable: false } },
    });
  });
});

describe('x-ui.list: true', () => {
  it('lists a structure the screen draws, beside the scalars', () => {
    expect(resourceColumns({ schema: Offer, definitions: {} }).map((column) => column.field)).toEqual(['name', 'free', 'kind', 'trial', 'months', 'prices', 'providers', 'probeNote']);
  });
});
