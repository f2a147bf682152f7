// What an edit form sends: every value it holds, and an empty string for each text field the
// user emptied. RJSF drops a field the user clears, and a partial update keeps what it is not
// sent, so without this a cleared link or note would come back on reload; '' is how the API
// clears an optional text (openapi/root.yaml, HttpUrl).
import { allSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf } from './columns';

const isText = (property: JsonSchema): boolean => (Array.isArray(property.type) ? property.type.includes('string') : property.type === 'string');

/** `data` with '' for each text property of `schema` that `initial` held and `data` no longer does. */
export function editedValues<F extends object>({ schema, initial, data, definitions = allSchemas }: { schema: JsonSchema; initial: Partial<F>; data: Partial<F>; definitions?: Record<string, JsonSchema> }): Partial<F> {
  const properties = propertiesOf({ schema, definitions });
  const before = initial as Readonly<Record<string, unknown>>;
  const after = data as Readonly<Record<string, unknown>>;
  const emptied = Object.keys(properties).filter((key) => isText(properties[key]) && typeof before[key] === 'string' && before[key] !== '' && (after[key] === undefined || after[key] === null));
  return { ...data, ...Object.fromEntries(emptied.map((key) => [key, ''])) } as Partial<F>;
}
