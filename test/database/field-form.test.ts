import { deriveFieldName, draftToField, fieldDraftErrors, fieldFormSchema, fieldFormUi, fieldToDraft, withField, withoutField } from '../../forms/database/field-form';
import type { FieldDraft } from '../../forms/database/field-form';
import type { DatabaseField, FieldType } from '../../rules/database-fields';
import { DbFieldValidationSchema } from '../../generated/schemas/DbFieldValidation';

const title: DatabaseField = { id: 'f1', name: 'title', displayName: 'Title', type: 'text', validation: { required: true } };
const price: DatabaseField = { id: 'f2', name: 'price', displayName: 'Price', type: 'number' };

/** The fields the form draws: those its schema holds but the ones the screen sets (x-ui.form: false). */
const propertiesOf = (schema: Record<string, unknown>) =>
  Object.entries(schema.properties as Record<string, { 'x-ui'?: { form?: boolean } }>).filter(([, property]) => property['x-ui']?.form !== false).map(([key]) => key);

describe('the field form', () => {
  it.each([
    ['text', undefined, ['displayName', 'name', 'required', 'unique', 'indexable', 'private', 'minLength', 'maxLength', 'defaultValue']],
    ['number', undefined, ['displayName', 'name', 'required', 'unique', 'indexable', 'private', 'defaultValue']],
    ['enumeration', undefined, ['displayName', 'name', 'required', 'unique', 'indexable', 'private', 'enum', 'defaultValue']],
    ['array', undefined, ['displayName', 'name', 'subtype', 'required', 'unique', 'indexable', 'private']],
    ['array', 'relation', ['displayName', 'name', 'subtype', 'relation', 'required', 'unique', 'indexable', 'private']],
    ['uid', undefined, ['displayName', 'name', 'required', 'unique', 'indexable', 'private']],
  ] as const)('a %s field (items %s) asks for %j', (type, subtype, expected) => {
    expect(propertiesOf(fieldFormSchema({ type, subtype, collections: ['customers'] }))).toEqual(expected);
  });

  it('the array type offers every type but array', () => {
    const { subtype } = fieldFormSchema({ type: 'array' }).properties as Record<string, { enum: string[] }>;
    expect(subtype.enum).toHaveLength(13);
    expect(subtype.enum).not.toContain('array');
  });

  it.each([
    ['basic', ['required', 'unique', 'indexable', 'private', 'minLength', 'maxLength']],
    ['advanced', ['displayName', 'name', 'defaultValue']],
  ] as const)('the %s tab hides %j', (tab, hidden) => {
    const schema = fieldFormSchema({ type: 'text' });
    const drawn = propertiesOf(schema);
    expect(Object.keys(fieldFormUi({ tab, schema })).filter((key) => drawn.includes(key))).toEqual(hidden);
  });

  it("puts an enumeration's values on the Basic tab although they are part of its validation", () => {
    const ui = fieldFormUi({ tab: 'basic', schema: fieldFormSchema({ type: 'enumeration' }) });
    expect(ui.enum).toEqual({ 'ui:options': { addText: 'Add value' } });
  });

  it('draws a validation flag added to the document, on the Advanced tab, and stores it under validation', () => {
    const validation = DbFieldValidationSchema.schema as unknown as { properties: Record<string, unknown> };
    validation.properties.searchable = { type: 'boolean', title: 'Searchable' };
    try {
      const schema = fieldFormSchema({ type: 'text' });
      expect(propertiesOf(schema)).toContain('searchable');
      expect(fieldFormUi({ tab: 'basic', schema }).searchable).toEqual({ 'ui:widget': 'hidden' });
      expect(fieldFormUi({ tab: 'advanced', schema }).searchable).toBeUndefined();
      const field = draftToField({ draft: { displayName: 'Title', name: 'title', searchable: true } as FieldDraft, type: 'text' });
      expect(field.validation).toEqual(expect.objectContaining({ searchable: true, required: false }));
    } finally {
      delete validation.properties.searchable;
    }
  });
});

describe('the field name', () => {
  it('follows the display name while it was derived', () => {
    expect(deriveFieldName({ displayName: 'Unit price', name: 'unit' }, { displayName: 'Unit', name: 'unit' })).toEqual({ displayName: 'Unit price', name: 'unitPrice' });
  });

  it('stays once the developer typed their own', () => {
    expect(deriveFieldName({ displayName: 'Unit price', name: 'cost' }, { displayName: 'Unit', name: 'cost' })).toEqual({ displayName: 'Unit price', name: 'cost' });
  });
});

describe('the spec messages of a field', () => {
  it.each<[string, FieldDraft, FieldType, Record<string, string>]>([
    ['no display name', { name: 'a' }, 'text', { displayName: 'Missing required fields' }],
    ['no name', { displayName: 'A' }, 'text', { name: 'Missing required fields' }],
    ['a name taken', { displayName: 'Price', name: 'price' }, 'number', { name: 'A field with the same name already exists' }],
    ['an array without its type', { displayName: 'Tags', name: 'tags' }, 'array', { subtype: 'Missing array type field' }],
    ['an enumeration without values', { displayName: 'Size', name: 'size' }, 'enumeration', { enum: 'Add at least one value' }],
    ['a fine field', { displayName: 'Size', name: 'size', enum: ['s'] }, 'enumeration', {}],
  ])('%s', (_case, draft, type, expected) => {
    expect(fieldDraftErrors({ draft, type, attributes: [title, price] })).toEqual(expected);
  });

  it('the field edited keeps its own name', () => {
    expect(fieldDraftErrors({ draft: { displayName: 'Price', name: 'price' }, type: 'number', attributes: [title, price], editing: 'price' })).toEqual({});
  });
});

describe('the posted field list', () => {
  it('an array field is flagged validation.array with its item type', () => {
    expect(draftToField({ draft: { displayName: 'Tags', name: 'tags', subtype: 'text', required: true }, type: 'array' })).toEqual({
      name: 'tags', displayName: 'Tags', type: 'array', subtype: 'text',
      validation: { required: true, unique: false, indexable: false, private: false, array: true },
    });
  });

  it('a field reads back as the draft it came from', () => {
    const field = draftToField({ draft: fieldToDraft(title), type: 'text', id: 'f1' });
    expect(field).toEqual({ ...title, validation: { required: true, unique: false, indexable: false, private: false, array: false } });
  });

  it('saving replaces the field edited, else appends; deleting removes it', () => {
    const renamed = { ...price, name: 'cost' };
    expect(withField({ attributes: [title, price], field: renamed, editing: 'price' })).toEqual([title, renamed]);
    expect(withField({ attributes: [title], field: price })).toEqual([title, price]);
    expect(withoutField({ attributes: [title, price], name: 'title' })).toEqual([price]);
  });
});
