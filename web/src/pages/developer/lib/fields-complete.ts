// Credentials are complete when every non-hidden required field has a value; a boolean or
// checkbox always carries one (spec 000 sections 4 and 5). The Connected badge itself is
// computed by the server (Integration.connected).
import type { IntegrationKeys, IntegrationPlatformField } from '../../../../../generated/client/types.gen';

const filled = (field: IntegrationPlatformField, keys: IntegrationKeys): boolean => {
  if (field.type === 'boolean' || field.type === 'checkbox') return true;
  const value = keys[field.name];
  return typeof value === 'string' ? value.trim() !== '' : typeof value === 'boolean';
};

export function fieldsComplete(fields: ReadonlyArray<IntegrationPlatformField>, keys: IntegrationKeys = {}): boolean {
  return fields.filter((f) => f.type !== 'hidden' && f.required !== false).every((f) => filled(f, keys));
}
