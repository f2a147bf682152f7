// Engine indexes of a collection's documents: _created for the default order, and one per
// field flagged unique (uid fields always) or indexable (with _created after it). Unique ones
// are sparse, so documents without the value do not collide on any engine. A text field flagged
// either way also gets a contains index, which serves the screens' search box (docs/storage.md).
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { DuplicateKeyError } from '../../storage/port';
import type { IndexSpec } from '../../storage/port';
import { documentStoreName } from './model';
import type { Field } from './model';
import { labelOf } from './validate-document';
import { isArrayField } from './field-types/array';

export const createdIndex = (collectionId: string): IndexSpec => ({ collection: documentStoreName(collectionId), fields: { _created: -1, _id: -1 } });

/** Serves a list filtered on its owner (the `owner` rule, `{"_owner": ...}`) in the default order, without a scan. */
export const ownerIndex = (collectionId: string): IndexSpec => ({ collection: documentStoreName(collectionId), fields: { _owner: 1, _created: -1, _id: -1 } });

/** Types whose single values are text a search looks into (uid values are matched whole). */
const SEARCHED_TYPES: ReadonlySet<Field['type']> = new Set(['text', 'email', 'rich-text', 'url']);

function keyIndex({ collection, field }: { collection: string; field: Field }): IndexSpec | undefined {
  if (field.validation?.unique || field.type === 'uid') return { collection, fields: { [field.name]: 1 }, unique: true, sparse: true };
  // _created second: a filter on the field read newest first (the lists' default order) walks the
  // index in order and stops at the page's end, instead of sorting every match.
  if (field.validation?.indexable) return { collection, fields: { [field.name]: 1, _created: -1 } };
  return undefined;
}

export function fieldIndexes({ collectionId, field }: { collectionId: string; field: Field }): IndexSpec[] {
  const collection = documentStoreName(collectionId);
  const key = keyIndex({ collection, field });
  const searched = SEARCHED_TYPES.has(field.type) && !isArrayField(field) && (field.validation?.indexable || field.validation?.unique);
  return [...(key ? [key] : []), ...(searched ? [{ collection, contains: field.name }] : [])];
}

const keyOf = (spec: IndexSpec): string => JSON.stringify('contains' in spec ? ['contains', spec.contains] : [spec.fields, spec.unique ?? false]);

function specsOf({ collectionId, attributes }: { collectionId: string; attributes: Field[] }): Map<string, { spec: IndexSpec; field: Field }> {
  const out = new Map<string, { spec: IndexSpec; field: Field }>();
  for (const field of attributes) {
    for (const spec of fieldIndexes({ collectionId, field })) out.set(keyOf(spec), { spec, field });
  }
  return out;
}

/**
 * Drops the indexes the old fields had and the new ones do not (first, since MongoDB names an
 * index by its fields alone), then creates the new ones. A unique flag over values documents
 * already repeat is refused on that field.
 */
export async function syncFieldIndexes({ ctx, collectionId, before, after }: { ctx: AppContext; collectionId: string; before: Field[]; after: Field[] }): Promise<void> {
  const old = specsOf({ collectionId, attributes: before });
  const wanted = specsOf({ collectionId, attributes: after });
  for (const [k, { spec }] of old) if (!wanted.has(k)) await ctx.store.dropIndex(spec);
  const fieldErrors: FieldErrors = {};
  for (const [k, { spec, field }] of wanted) {
    if (old.has(k)) continue;
    try {
      await ctx.store.ensureIndex(spec);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      fieldErrors[field.name] = `${labelOf(field)} cannot be unique: documents already repeat a value`;
    }
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new ValidationError(first, fieldErrors);
}

export async function dropAllIndexes({ ctx, collectionId, attributes }: { ctx: AppContext; collectionId: string; attributes: Field[] }): Promise<void> {
  for (const { spec } of specsOf({ collectionId, attributes }).values()) await ctx.store.dropIndex(spec);
  await ctx.store.dropIndex(createdIndex(collectionId));
  await ctx.store.dropIndex(ownerIndex(collectionId));
}
