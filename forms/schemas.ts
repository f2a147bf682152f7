// Every schema of the API document by its OpenAPI name, for forms and screens that look a
// schema up by name. Read from the document's components (the same objects as the
// `XSchema` exports of generated/client/schemas.gen.ts, checked by a test) so that
// schemas.gen is only ever imported by name: the bundler then keeps in a page's chunks just
// the schemas it names, and a sign-in page does not download the whole registry.
import { components } from '../generated/openapi.json';
import type { JsonSchema } from './root-schema';

export type { JsonSchema } from './root-schema';

export const allSchemas: Record<string, JsonSchema> = components.schemas;

export function schemaByName(name: string): JsonSchema {
  const schema = allSchemas[name];
  if (!schema) throw new Error(`No generated schema named "${name}" (did you run npm run generate?)`);
  return schema;
}
