import { documentForm, documentFormData, INVALID_JSON, parseJsonFields } from '../../forms/database/document-form';
import type { DocumentValues } from '../../forms/database/document-form';
import type { DatabaseField } from '../../rules/database-fields';
import { formValidator } from '../../forms/validator';
import type { RJSFSchema } from '@rjsf/utils';

const attributes: DatabaseField[] = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'meta', displayName: 'Meta', type: 'json' },
  { name: 'notes', displayName: 'Notes', type: 'rich-text' },
];

const form = documentForm<DocumentValues>(attributes);
const creating = { rows: [], data: undefined, draft: {} };
const row = { _id: 'd1', title: 'Lamp', meta: { a: 1 } };

describe('the document form of a collection', () => {
  it('a new document gets the collection schema, JSON values typed as text', () => {
    expect(form.schema?.(creating)).toMatchObject({
      required: ['title'],
      properties: { title: { type: 'string', title: 'Title' }, meta: { type: 'string', title: 'Meta' }, notes: { type: 'string' } },
    });
    expect(form.uiSchema?.(creating)).toMatchObject({ meta: { 'ui:widget': 'textarea' }, notes: { 'ui:widget': 'textarea' } });
  });

  it('an update requires nothing', () => {
    expect(form.schema?.({ ...creating, row })).not.toHaveProperty('required');
  });

  it('edits relations the table read expanded as the related ids', () => {
    const related: DatabaseField[] = [
      { name: 'maker', displayName: 'Maker', type: 'relation', relation: 'makers' },
      { name: 'tags', displayName: 'Tags', type: 'array', subtype: 'relation', relation: 'tags' },
    ];
    const expanded = { _id: 'd1', maker: { _id: 'm1', name: 'Acme' }, tags: [{ _id: 't1', label: 'New' }, 't-gone'] };
    expect(documentFormData({ attributes: related, row: expanded })).toEqual({ _id: 'd1', maker: 'm1', tags: ['t1', 't-gone'] });
  });

  it('shows a stored JSON value as text and sends it back parsed', () => {
    const values = form.fromRow?.(row);
    expect(values).toEqual({ _id: 'd1', title: 'Lamp', meta: '{\n  "a": 1\n}' });
    expect(form.toBody?.({ title: 'Lamp', meta: '{"a": 1}' })).toEqual({ title: 'Lamp', meta: { a: 1 } });
  });

  it('text that is not JSON is an error under its field', () => {
    expect(parseJsonFields({ attributes, data: { meta: '{oops' } }).fieldErrors).toEqual({ meta: INVALID_JSON });
    expect(() => form.toBody?.({ meta: '{oops' })).toThrow(INVALID_JSON);
  });

  it.each([
    ['a new document without its required title', undefined, { meta: '1' }, ['Some required fields are missing']],
    ['a new document with it', undefined, { title: 'Lamp' }, []],
    ['an update', row, { meta: '1' }, []],
  ])('%s', (_case, edited, data, expected) => {
    const added: string[] = [];
    const errors = { addError: (message: string) => added.push(message), __errors: [] };
    form.customValidate?.({ ...creating, row: edited })(data, errors as never, undefined as never);
    expect(added).toEqual(expected);
  });

  it.each([
    ['one document', { type: 'relation' as const }, { product: { 'ui:widget': 'relation', 'ui:options': { appId: 'a1', collection: 'products' } } }],
    ['a list of them', { type: 'relation' as const, validation: { array: true } }, { product: { items: { 'ui:widget': 'relation', 'ui:options': { appId: 'a1', collection: 'products' } } } }],
  ])('a relation to %s is picked among the target collection\'s documents', (_case, shape, uiSchema) => {
    const picked = documentForm<DocumentValues>([{ name: 'product', displayName: 'Product', relation: 'products', ...shape }], { appId: 'a1' });
    expect(picked.uiSchema?.(creating)).toEqual(uiSchema);
  });

  it.each([
    ['a stored upload address', '/api/user/file/3f2a', true],
    ['a full URL', 'https://cdn.example/photo.png', true],
    ['text with spaces', 'not a link', false],
  ])('a media field takes %s: %s', (_case, photo, valid) => {
    const schema = documentForm<DocumentValues>([{ name: 'photo', displayName: 'Photo', type: 'media' }]).schema?.(creating) as RJSFSchema;
    expect(formValidator<DocumentValues>().isValid(schema, { photo }, schema)).toBe(valid);
  });
});
