// A relation field holds the id of a record of another collection that the caller can reach in
// the same scope (the same project, app or owner): anything else is refused with the field's
// name, so a record never points at another tenant's data.
import type { AppContext } from '../context';
import { ValidationError } from '../http/errors';
import type { ResourceDeclaration } from '../../rules/resource-declaration';

export async function checkRelations({ ctx, resource, scope, body }: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string>; body: Record<string, unknown> }): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [field, collection] of Object.entries(resource.relations)) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    const found = typeof value === 'string' ? await ctx.store.collection(collection).findOne({ _id: value, ...scope }) : null;
    if (!found) errors[field] = `${field} names no record that can be linked here`;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(Object.values(errors)[0], errors);
}
