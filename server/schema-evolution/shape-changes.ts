// The changes between two shapes of one stored schema that stored records may not satisfy and
// that nothing fills in: a property newly required with no default, an enum that lost values,
// a changed type. A new optional property, or a required one with a default, needs nothing:
// records go out through their schema, which fills the default (server/http/projection.ts).
import type { PropertyShape, StoredShape } from './stored-shapes';

export type ShapeChange =
  | { kind: 'required'; field: string }
  | { kind: 'enum'; field: string; removed: unknown[] }
  | { kind: 'type'; field: string; from: string[]; to: string[] };

const sameTypes = (a: string[], b: string[]): boolean => a.length === b.length && a.every((type, i) => type === b[i]);

/** Types `to` accepts that `from` did not constrain further: widening (adding "null") is no change. */
const narrowed = (from: PropertyShape, to: PropertyShape): boolean =>
  to.types.length > 0 && !sameTypes(from.types, to.types) && (from.types.length === 0 || from.types.some((type) => !to.types.includes(type) && !(type === 'integer' && to.types.includes('number'))));

export function shapeChanges({ before, after }: { before: StoredShape; after: StoredShape }): ShapeChange[] {
  const changes: ShapeChange[] = [];
  for (const field of after.required) {
    const property = after.properties[field];
    if (property?.hasDefault || property?.computed || before.required.includes(field)) continue;
    changes.push({ kind: 'required', field });
  }
  for (const [field, to] of Object.entries(after.properties)) {
    const from = before.properties[field];
    if (!from || to.computed) continue;
    if (to.enum) {
      const removed = from.enum ? from.enum.filter((value) => !to.enum?.some((kept) => JSON.stringify(kept) === JSON.stringify(value))) : [];
      if (removed.length > 0 || (!from.enum && from.types.length > 0)) changes.push({ kind: 'enum', field, removed });
    }
    if (narrowed(from, to)) changes.push({ kind: 'type', field, from: from.types, to: to.types });
  }
  return changes;
}
