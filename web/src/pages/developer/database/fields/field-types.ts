// How the field-type picker and the fields list name each type.
import type { FieldType } from '../../../../../../rules/database-fields';

export const FIELD_TYPE_INFO: Readonly<Record<FieldType, { label: string; text: string; icon: string }>> = {
  text: { label: 'Text', text: 'Short or long text', icon: 'Aa' },
  email: { label: 'Email', text: 'An email address', icon: '@' },
  'rich-text': { label: 'Rich text', text: 'Formatted text', icon: '¶' },
  password: { label: 'Password', text: 'Stored hashed, never shown', icon: '•••' },
  number: { label: 'Number', text: 'Integers and decimals', icon: '12' },
  enumeration: { label: 'Enumeration', text: 'One of a list of values', icon: '≡' },
  date: { label: 'Date', text: 'A calendar date', icon: '▦' },
  boolean: { label: 'Boolean', text: 'Yes or no', icon: '◐' },
  json: { label: 'JSON', text: 'Any JSON value', icon: '{}' },
  uid: { label: 'UID', text: 'A unique id, generated', icon: '#' },
  url: { label: 'URL', text: 'A web address', icon: '⌁' },
  array: { label: 'Array', text: 'A list of values of one type', icon: '[]' },
  relation: { label: 'Relation', text: 'A document of another collection', icon: '⇄' },
  media: { label: 'Media', text: 'An uploaded file', icon: '▣' },
};
