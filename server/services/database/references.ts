// The checks a write needs the store for: relations point at documents that exist in their
// collection, media at uploads on record. Run before anything is written.
import type { AppContext } from '../../context';
import type { FieldErrors } from '../../http/errors';
import type { Json } from '../../storage/port';
import { typeDef, labelOf } from './validate-document';
import type { CollectionDoc } from './model';

const asList = (value: Json): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

export async function checkReferences({ ctx, appId, collection, value }: { ctx: AppContext; appId: string; collection: Pick<CollectionDoc, 'attributes'>; value: Record<string, Json> }): Promise<FieldErrors> {
  const fieldErrors: FieldErrors = {};
  for (const field of collection.attributes) {
    const findMissing = typeDef(field).findMissing;
    if (!findMissing || value[field.name] === undefined) continue;
    const values = [...new Set(asList(value[field.name]))];
    const missing = values.length > 0 ? await findMissing({ ctx, appId, field, values }) : [];
    if (missing.length > 0) {
      fieldErrors[field.name] =
        field.type === 'media' || field.subtype === 'media' ? `${labelOf(field)}: file ${missing[0]} not found` : `${labelOf(field)}: document ${missing[0]} not found in ${field.relation ?? 'the related collection'}`;
    }
  }
  return fieldErrors;
}
