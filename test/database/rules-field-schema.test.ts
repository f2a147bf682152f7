import { documentSchema, fieldSchema, PICKER_FIELD_TYPES } from '../../rules/database-fields';
import type { DatabaseField, FieldType } from '../../rules/database-fields';

const field = (type: FieldType, more: Partial<DatabaseField> = {}): DatabaseField => ({ name: 'value', displayName: 'Value', type, ...more });

describe('a field as JSON Schema', () => {
  it.each<[FieldType, Partial<DatabaseField>, Record<string, unknown>]>([
    ['text', { validation: { minLength: 2, maxLength: 40 } }, { type: 'string', minLength: 2, maxLength: 40 }],
    ['email', {}, { type: 'string', format: 'email' }],
    ['rich-text', {}, { type: 'string' }],
    ['password', { validation: { minLength: 8 } }, { type: 'string', writeOnly: true, minLength: 8 }],
    ['number', {}, { type: 'number' }],
    ['enumeration', { validation: { enum: ['small', 'large'] } }, { type: 'string', enum: ['small', 'large'] }],
    ['date', {}, { type: 'string', format: 'date' }],
    ['boolean', {}, { type: 'boolean' }],
    ['json', {}, {}],
    ['uid', {}, { type: 'string', readOnly: true }],
    ['url', {}, { type: 'string', format: 'uri' }],
    ['array', { subtype: 'number', validation: { array: true } }, { type: 'array', items: { type: 'number' } }],
    ['relation', { relation: 'customers' }, { type: 'string', minLength: 1, 'x-relation': 'customers' }],
    ['media', {}, { type: 'string', format: 'uri-reference' }],
  ])('%s', (type, more, expected) => {
    expect(fieldSchema(field(type, more))).toEqual({ ...expected, title: 'Value', 'x-field-type': type });
  });

  it('an array of enumeration values keeps the enum on its items', () => {
    const schema = fieldSchema(field('array', { subtype: 'enumeration', validation: { array: true, enum: ['a', 'b'] } }));
    expect(schema).toMatchObject({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } });
  });

  it('a default value becomes the schema default, an empty one does not', () => {
    expect(fieldSchema(field('number', { defaultValue: 3 }))).toMatchObject({ default: 3 });
    expect(fieldSchema(field('text', { defaultValue: '' }))).not.toHaveProperty('default');
  });

  it('the picker offers the first twelve types, up to array', () => {
    expect(PICKER_FIELD_TYPES).toHaveLength(12);
    expect(PICKER_FIELD_TYPES.at(-1)).toBe('array');
  });
});

describe('a collection as the JSON Schema of its documents', () => {
  const attributes: DatabaseField[] = [
    field('text', { name: 'title', displayName: 'Title', validation: { required: true } }),
    field('password', { name: 'secret', displayName: 'Secret', validation: { required: true } }),
    field('uid', { name: 'code', displayName: 'Code' }),
  ];

  it('on create requires the required fields and leaves out the generated uid', () => {
    const schema = documentSchema({ attributes, mode: 'create' });
    expect(Object.keys(schema.properties as object)).toEqual(['title', 'secret']);
    expect(schema.required).toEqual(['title', 'secret']);
  });

  it('on update requires nothing', () => {
    expect(documentSchema({ attributes, mode: 'update' })).not.toHaveProperty('required');
  });

  it('on read adds _id, _created and _updated and never shows a password', () => {
    const schema = documentSchema({ attributes, mode: 'read' });
    expect(Object.keys(schema.properties as object)).toEqual(['_id', '_created', '_updated', 'title', 'code']);
  });

  it.each([
    ['a field named created', { name: 'created', displayName: '' }, { _id: 'ID', _created: 'Created (system)', _updated: 'Updated' }],
    ['a field titled Updated', { name: 'lastChange', displayName: 'Updated' }, { _id: 'ID', _created: 'Created', _updated: 'Updated (system)' }],
    ['a field titled otherwise', { name: 'created', displayName: 'Signed up' }, { _id: 'ID', _created: 'Created', _updated: 'Updated' }],
  ])('on read titles the system timestamps apart from %s', (_, names, titles) => {
    const properties = documentSchema({ attributes: [field('date', names)], mode: 'read' }).properties as Record<string, { title: string }>;
    expect(Object.fromEntries(Object.keys(titles).map((key) => [key, properties[key].title]))).toEqual(titles);
  });
});
