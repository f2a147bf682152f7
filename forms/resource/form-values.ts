// What an edit form sends: every value it holds, its texts trimmed (as the server keeps them; a
// link's pattern refuses the spaces a paste brings), and an empty string for each text field the
// user emptied. RJSF drops a field the user clears, and a partial update keeps what it is not
// sent, so without this a cleared link or note would come back on reload; '' is how the API
// clears an optional text (openapi/root.yaml, HttpUrl).
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf } from './columns';

const isText = (property: JsonSchema): boolean => (Array.isArray(property.type) ? property.type.includes('string') : property.type === 'string');

/** `data` with its text properties trimmed and '' for each one `initial` held and `data` no longer does. */
export function editedValues<F extends object>({ schema, initial, data, definitions = loadedSchemas() }: { schema: JsonSchema; initial: Partial<F>; data: Partial<F>; definitions?: Record<string, JsonSchema> }): Partial<F> {
  const properties = propertiesOf({ schema, definitions });
  const before = initial as Readonly<Record<string, unknown>>;
  const after = data as Readonly<Record<string, unknown>>;
  const emptied = Object.keys(properties).filter((key) => isText(properties[key]) && typeof before[key] === 'string' && before[key] !== '' && (after[key] === undefined || after[key] === null));
  const trimmed = Object.keys(properties).filter((key) => isText(properties[key]) && typeof after[key] === 'string').map((key) => [key, String(after[key]).trim()]);
  return { ...data, ...Object.fromEntries(trimmed), ...Object.fromEntries(emptied.map((key) => [key, ''])) } as Partial<F>;
}
