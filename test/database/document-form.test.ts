import { documentSchemas, INVALID_JSON, parseJsonFields } from '../../forms/database/document-form';
import type { DatabaseField } from '../../rules/database-fields';

const attributes: DatabaseField[] = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'meta', displayName: 'Meta', type: 'json' },
  { name: 'notes', displayName: 'Notes', type: 'rich-text' },
];

describe('the document form of a collection', () => {
  const schemas = documentSchemas(attributes);

  it('is the collection schema, JSON values typed as text', () => {
    expect(schemas.create).toMatchObject({
      required: ['title'],
      properties: { title: { type: 'string', title: 'Title' }, meta: { type: 'string', title: 'Meta' }, notes: { type: 'string' } },
    });
    expect(schemas.uiSchema).toMatchObject({ meta: { 'ui:widget': 'textarea' }, notes: { 'ui:widget': 'textarea' } });
  });

  it('shows a stored JSON value as text and sends it back parsed', () => {
    const data = schemas.toForm?.({ title: 'Lamp', meta: { a: 1 } });
    expect(data).toEqual({ title: 'Lamp', meta: '{\n  "a": 1\n}' });
    expect(schemas.toBody?.(data ?? {})).toEqual({ title: 'Lamp', meta: { a: 1 } });
  });

  it('text that is not JSON is an error under its field', () => {
    expect(parseJsonFields({ attributes, data: { meta: '{oops' } }).fieldErrors).toEqual({ meta: INVALID_JSON });
    expect(() => schemas.toBody?.({ meta: '{oops' })).toThrow(INVALID_JSON);
  });
});
