// The document's schemas as the screens read them. A screen imports each schema it names from
// generated/schemas/<Name>.ts, so a page's chunks carry those and the schemas they refer to, not
// the whole document (docs/serving.md, "First-load JavaScript"). Reading one through schemaOf
// records it with everything it refers to in loadedSchemas, which `$ref`s resolve against.
import type { SchemaEntry } from '../generated/schemas/entry';
import type { JsonSchema } from './root-schema';

export type { SchemaEntry } from '../generated/schemas/entry';
export type { JsonSchema } from './root-schema';

/** Schemas built at run time: never loaded, so one named as a document schema (DbDocument) does not replace it. */
const runtime = new WeakSet<SchemaEntry>();

// Replaced, never changed, when a schema is loaded: a form's compiled schema and its caches are
// keyed by the definitions object, so new definitions must be a new object.
let loaded: Readonly<Record<string, JsonSchema>> = {};

/** Every schema read so far and every schema those refer to, by name. */
export const loadedSchemas = (): Readonly<Record<string, JsonSchema>> => loaded;

function collect(entry: SchemaEntry, into: Record<string, JsonSchema>): void {
  if (runtime.has(entry) || into[entry.name] === entry.schema || loaded[entry.name] === entry.schema) return;
  into[entry.name] = entry.schema;
  for (const used of entry.uses) collect(used, into);
}

/** The entry's schema, with it and what it refers to loaded for `$ref`s. */
export function schemaOf(entry: SchemaEntry): JsonSchema {
  const added: Record<string, JsonSchema> = {};
  collect(entry, added);
  if (Object.keys(added).length > 0) loaded = { ...loaded, ...added };
  return entry.schema;
}

/** An entry for a schema known only at run time (a collection's documents, a declared resource's). */
export function runtimeEntry({ name, schema }: { name: string; schema: JsonSchema }): SchemaEntry {
  const entry = { name, schema, uses: [] };
  runtime.add(entry);
  return entry;
}
