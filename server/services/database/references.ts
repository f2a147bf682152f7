// The checks a write needs the store for: relations point at documents that exist in their
// collection, media at uploads on record. Run before anything is written.
import type { AppContext } from '../../context';
import type { FieldErrors } from '../../http/errors';
import type { Json } from '../../storage/port';
import { itemType } from './field-types/array';
import { typeDef, labelOf } from './validate-document';
import type { CollectionDoc, Field } from './model';

/**
 * The ids of `values` a relation field may not point at. By default those with no document in the
 * related collection; the public API also counts those its caller may not view as missing
 * (public/related-records.ts), so a hidden record and a missing one are refused alike.
 */
export type RelationCheck = (input: { field: Field; values: string[] }) => Promise<string[]>;

/** The ids a field's value points at: one, or a list's. */
export const referencedIds = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

export async function checkReferences({
  ctx,
  appId,
  collection,
  value,
  relations,
}: {
  ctx: AppContext;
  appId: string;
  collection: Pick<CollectionDoc, 'attributes'>;
  value: Record<string, Json>;
  relations?: RelationCheck;
}): Promise<FieldErrors> {
  const fieldErrors: FieldErrors = {};
  for (const field of collection.attributes) {
    const own = typeDef(field).findMissing;
    const findMissing = relations && itemType(field) === 'relation' ? relations : own && ((input: { field: Field; values: string[] }) => own({ ctx, appId, ...input }));
    if (!findMissing || value[field.name] === undefined) continue;
    const values = [...new Set(referencedIds(value[field.name]))];
    const missing = values.length > 0 ? await findMissing({ field, values }) : [];
    if (missing.length > 0) {
      fieldErrors[field.name] =
        field.type === 'media' || field.subtype === 'media' ? `${labelOf(field)}: file ${missing[0]} not found` : `${labelOf(field)}: document ${missing[0]} not found in ${field.relation ?? 'the related collection'}`;
    }
  }
  return fieldErrors;
}
