// Made by the server when a new document has none; always under a unique index.
import { randomUUID } from 'node:crypto';
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

const UID = /^[A-Za-z0-9_-]{1,100}$/;

export const uid: FieldTypeDef = {
  check: ({ value, label }) => (isString(value) && UID.test(value) ? ok(value) : fail(`${label} must be letters, digits, hyphens or underscores`)),
  generate: () => randomUUID(),
};
