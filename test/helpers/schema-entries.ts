// Every schema of the document by name, for tests that read or edit one (a page imports its own
// from generated/schemas/<Name>.ts). An edit of `schemaNamed(name)` is seen by the screens, which
// read the same objects.
import * as generated from '../../generated/schemas';
import type { JsonSchema, SchemaEntry } from '../../forms/schemas';

export const ENTRIES: Readonly<Record<string, SchemaEntry>> = Object.fromEntries(Object.values(generated).map((entry: SchemaEntry) => [entry.name, entry]));

export function entryNamed(name: string): SchemaEntry {
  const entry = ENTRIES[name];
  if (!entry) throw new Error(`No generated schema named "${name}" (did you run npm run generate?)`);
  return entry;
}

type EditableSchema = JsonSchema & { properties: Record<string, JsonSchema> };

/** The schema itself, editable in place (a probe property added as `npm run generate` would). */
export const schemaNamed = (name: string): EditableSchema => entryNamed(name).schema as EditableSchema;
