// The _id of a document in another collection of the same app (the field's `relation`),
// checked to exist on every write and answered as that document when the read asks to expand.
import { dbCollections, documentStore } from '../model';
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

export const relation: FieldTypeDef = {
  check: ({ value, label }) => (isString(value) && value !== '' && value.length <= 200 ? ok(value) : fail(`${label} must be a document id`)),
  findMissing: async ({ ctx, appId, field, values }) => {
    const target = field.relation ? await dbCollections(ctx).findOne({ appId, name: field.relation }) : null;
    if (!target) return values;
    const found = await documentStore(ctx, target._id).find({ _id: { $in: values } });
    const ids = new Set(found.map((doc) => doc._id));
    return values.filter((id) => !ids.has(id));
  },
};
