// The 14 field types of spec 001 section 3. An array field is checked item by item with its
// subtype's definition (validate-document.ts), so `array` itself has no value check.
import type { FieldType } from '../../../../rules/database-fields';
import { boolean } from './boolean';
import { date } from './date';
import { email } from './email';
import { enumeration } from './enumeration';
import { json } from './json';
import { media } from './media';
import { number } from './number';
import { password } from './password';
import { relation } from './relation';
import { richText } from './rich-text';
import { text } from './text';
import type { FieldTypeDef } from './types';
import { uid } from './uid';
import { url } from './url';

export const FIELD_TYPE_DEFS: Record<Exclude<FieldType, 'array'>, FieldTypeDef> = {
  text,
  email,
  'rich-text': richText,
  password,
  number,
  enumeration,
  date,
  boolean,
  json,
  uid,
  url,
  relation,
  media,
};
