// The forms' eval-free validator must give the errors Ajv gave (the server validates with Ajv),
// so the same input reads the same on both sides: compared case by case with @rjsf/validator-ajv8.
import Ajv2020 from 'ajv/dist/2020';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formValidator } from '../../forms/validator';
import { transformErrors } from '../../forms/transform-errors';
import { loadedSchemas, schemaOf } from '../../forms/schemas';
import { ENTRIES, entryNamed } from '../helpers/schema-entries';
import { formRoot } from '../../forms/root-schema';
import { showcaseDefinitions, showcaseSchema } from '../../forms/fixtures/showcase';

const ajv = customizeValidator({ AjvClass: Ajv2020 });
const ours = formValidator<unknown>();

const words = (validator: typeof ours, { schema, data, uiSchema }: { schema: RJSFSchema; data: unknown; uiSchema?: UiSchema }) =>
  validator
    .validateFormData(data, schema, undefined, transformErrors, uiSchema)
    .errors.map((error) => `${error.property ?? ''} | ${error.message ?? ''}`)
    .sort();

const showcase = formRoot({ schema: showcaseSchema, definitions: showcaseDefinitions });
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): RJSFSchema => ({ type: 'object', properties, ...extra }) as RJSFSchema;

describe('form validator', () => {
  it.each<[string, { schema: RJSFSchema; data: unknown; uiSchema?: UiSchema }]>([
    ['missing required fields, named by title', { schema: showcase, data: {} }],
    ['required field titled in the uiSchema', { schema: showcase, data: { email: 'a@b.co' }, uiSchema: { fullName: { 'ui:title': 'Your name' } } }],
    ['too short, too long, bad format', { schema: showcase, data: { fullName: 'Al', email: 'nope', password: 'x'.repeat(61), terms: true } }],
    ['const and enum', { schema: showcase, data: { fullName: 'Ada', email: 'a@b.co', password: 'secret', terms: false, plan: 'gold' } }],
    ['dependentRequired through a $ref', { schema: showcase, data: { fullName: 'Ada', email: 'a@b.co', password: 'secret', terms: true, address: { street: '1 Main St' } } }],
    ['minLength inside a $ref', { schema: showcase, data: { fullName: 'Ada', email: 'a@b.co', password: 'secret', terms: true, address: { street: 'x', city: 'A' } } }],
    ['numbers', { schema: object({ n: { type: 'integer', minimum: 2, maximum: 5 }, m: { type: 'number', exclusiveMinimum: 0, multipleOf: 2 } }), data: { n: 9, m: 3 } }],
    ['wrong types', { schema: object({ n: { type: 'integer' }, s: { type: ['string', 'null'] } }), data: { n: 'x', s: 3 } }],
    ['pattern', { schema: object({ code: { type: 'string', pattern: '^[0-9]{6}$' } }), data: { code: '12a' } }],
    ['array items and length', { schema: object({ tags: { type: 'array', items: { type: 'string', minLength: 2 }, minItems: 3, uniqueItems: true } }), data: { tags: ['a', 'a'] } }],
    ['additional properties', { schema: object({ a: { type: 'string' } }, { additionalProperties: false }), data: { a: 'x', b: 'y' } }],
    ['valid data', { schema: showcase, data: { fullName: 'Ada', email: 'a@b.co', password: 'secret', terms: true } }],
  ])('%s: same errors and words as Ajv', (_name, scenario) => {
    expect(words(ours, scenario)).toEqual(words(ajv, scenario));
  });

  it.each(['AccountLoginBody', 'AccountRegisterBody', 'AppUpdateInput'].filter((name) => ENTRIES[name]))('the generated %s schema, empty and wrong: same as Ajv', (name) => {
    const schema = formRoot({ schema: schemaOf(entryNamed(name)), definitions: loadedSchemas() });
    for (const data of [{}, { username: 'x', password: 'y', fullName: 1, name: '' }]) expect(words(ours, { schema, data })).toEqual(words(ajv, { schema, data }));
  });

  it('tells which option of an anyOf the data matches, resolving refs against the root', () => {
    const root = showcase;
    expect(ours.isValid({ $ref: '#/components/schemas/ShowcaseAddress' } as RJSFSchema, { street: 'x', city: 'Paris' }, root)).toBe(true);
    expect(ours.isValid({ $ref: '#/components/schemas/ShowcaseAddress' } as RJSFSchema, { street: 'x' }, root)).toBe(false);
  });

  it.each<[string, RJSFSchema, UiSchema | undefined, string]>([
    ['the schema title, as the server says it', object({ trialCount: { type: 'integer', title: 'Trial days', maximum: 999 } }), undefined, '.trialCount | Trial days must be at most 999'],
    ['the field name where the screen labels it with a question', object({ comment: { type: 'string', minLength: 4 } }), { comment: { 'ui:title': 'Anything else you would like to tell us? (optional)' } }, '.comment | Comment must be at least 4 characters'],
  ])('names a field in its error by %s', (_name, schema, uiSchema, expected) => {
    expect(words(ours, { schema, data: { trialCount: 1000, comment: 'meh' }, uiSchema })).toEqual([expected]);
  });

  it('merges custom rules with schema errors', () => {
    const result = formValidator<{ fullName?: string; email?: string }>().validateFormData({ fullName: 'Al' }, showcase, (_data, errors) => {
      errors.email?.addError('Taken');
      return errors;
    });
    expect(result.errorSchema.email?.__errors).toContain('Taken');
    expect(result.errorSchema.fullName?.__errors?.length).toBeGreaterThan(0);
  });
});
