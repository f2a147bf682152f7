// The indexes a declared resource needs: its scope (and parent) with each sort (and the default
// newest first), each filter field within the scope, and a substring index per search field.
// Embedded records live in their parent's documents, which carry the parent's own indexes.
import type { IndexSpec } from '../storage/port';
import { declaredResources, SCOPE_FIELD } from '../../rules/resource-declaration';
import type { EntitySchema } from '../../rules/resource-declaration';

export function resourceIndexes(document: { components?: { schemas?: Record<string, EntitySchema> } }): IndexSpec[] {
  return declaredResources(document).flatMap((resource) => {
    if (resource.parent?.embedded) return [];
    const scope = SCOPE_FIELD[resource.scope];
    const parent = resource.parent ? { [resource.parent.parameter]: 1 } : {};
    return [
      { collection: resource.collection, fields: { [scope]: 1, ...parent, created: -1, _id: -1 } },
      ...resource.sort.map((field): IndexSpec => ({ collection: resource.collection, fields: { [scope]: 1, [field]: 1, _id: 1 } })),
      ...resource.filter.map((field): IndexSpec => ({ collection: resource.collection, fields: { [scope]: 1, [field]: 1 } })),
      ...resource.search.map((field): IndexSpec => ({ collection: resource.collection, contains: field })),
    ];
  });
}
