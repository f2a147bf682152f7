// The checks of a declared resource against the rest of the document, at `npm run generate`
// (scripts/expand-resources.ts): what it reuses must exist, and what it points at must hold
// records in its scope. Each refusal is one line naming the schema (rules/openapi-refusal.ts).
import { HAND_WRITTEN_RELATIONS } from '../rules/resource-declaration';
import type { ResourceDeclaration, ResourceScope } from '../rules/resource-declaration';
import { OpenApiRefusal } from '../rules/openapi-refusal';

type Json = Record<string, unknown>;

export const refuse = (resource: ResourceDeclaration, message: string): never => {
  throw new OpenApiRefusal(`x-resource of ${resource.name}: ${message}`);
};

/** The names the declaration reuses must be in the document, each parameter under the name it describes. */
export function checkReused({ resource, document }: { resource: ResourceDeclaration; document: Json }): void {
  const components = document.components as { schemas: Json; parameters?: Record<string, { name?: string; in?: string }> };
  for (const name of Object.values(resource.schemas)) if (!(name in components.schemas)) refuse(resource, `schemas names ${name}, which openapi/ does not declare`);
  for (const [parameter, name] of Object.entries(resource.parameters)) {
    const found = components.parameters?.[name];
    if (found?.name !== parameter || found.in !== 'path') refuse(resource, `parameters.${parameter} must name a path parameter called ${parameter} in components/parameters`);
  }
}

const handWritten = (scope: ResourceScope): readonly string[] => (HAND_WRITTEN_RELATIONS as Partial<Record<ResourceScope, readonly string[]>>)[scope] ?? [];

/**
 * A relation names a collection whose records carry the same scope's field: a declared resource
 * of the same scope kept in its own collection, or a hand-written one listed for the scope. Any
 * other (a typo, another scope's) would make every create that sets the field fail.
 */
export function checkRelationTargets({ resource, resources }: { resource: ResourceDeclaration; resources: readonly ResourceDeclaration[] }): void {
  const declared = [...new Set(resources.filter((one) => one.scope === resource.scope && !one.parent?.embedded).map((one) => one.collection))].sort();
  const written = handWritten(resource.scope);
  for (const [field, collection] of Object.entries(resource.relations)) {
    if (declared.includes(collection) || written.includes(collection)) continue;
    const known = [`declared: ${declared.join(', ') || 'none'}`, ...(written.length > 0 ? [`hand-written: ${written.join(', ')}`] : [])].join('; ');
    refuse(resource, `relations.${field} names ${collection}, which is no collection of ${resource.scope} records (${known})`);
  }
}
