// Stored as an argon2id hash with the accounts' helper; never answered by any view.
import { hashPassword } from '../../accounts/passwords';
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

export const password: FieldTypeDef = {
  measured: true,
  writeOnly: true,
  check: ({ value, label }) => (isString(value) ? ok(value) : fail(`${label} must be text`)),
  toStored: async (value) => hashPassword(String(value)),
};
