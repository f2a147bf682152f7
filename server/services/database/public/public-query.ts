// Public lists sort only where an index serves them (the owner's screen may sort on any column).
// Which fields a public caller may name at all, malformed JSON and operators outside the grammar
// are the database service's own checks, with their own 400s.
import { ValidationError } from '../../../http/errors';
import type { CollectionDoc } from '../model';

const SYSTEM_SORT_FIELDS = ['_id', '_created', '_updated'];

const parseObject = (text?: string): Record<string, unknown> | undefined => {
  try {
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

export function checkIndexedSort({ collection, sort }: { collection: CollectionDoc; sort?: string }): void {
  const keys = Object.keys(parseObject(sort) ?? {});
  const indexed = collection.attributes.filter((field) => field.validation?.indexable || field.validation?.unique).map((field) => field.name);
  const allowed = new Set([...SYSTEM_SORT_FIELDS, ...indexed]);
  const refused = keys.find((key) => !allowed.has(key));
  if (refused !== undefined) {
    throw new ValidationError(`Cannot sort on ${refused}: sort on _id, _created, _updated or an indexed field`, { 'query.sort': `Not an indexed field: ${refused}` });
  }
}
