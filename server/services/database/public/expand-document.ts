// What `expand` may name in the live document: a collection's public relation fields whose
// target is in the document too, and theirs after a dot (expand-public.ts reads the same).
import type { CollectionDoc } from '../model';
import { isArrayField, itemType } from '../field-types/array';
import { isAnswered } from '../view';
import type { ExpandTarget } from './collection-paths';
import { EXPAND_MAX_DEPTH } from './expand-public';

type TypeOf = ReadonlyMap<string, { collection: CollectionDoc; typeName: string }>;

function targetsOf({ collection, typeOf }: { collection: CollectionDoc; typeOf: TypeOf }): Array<ExpandTarget & { target: CollectionDoc }> {
  return collection.attributes.flatMap((field) => {
    const found = field.relation && itemType(field) === 'relation' && isAnswered(field, 'public') ? typeOf.get(field.relation) : undefined;
    return found ? [{ field: field.name, typeName: found.typeName, list: isArrayField(field), target: found.collection }] : [];
  });
}

export function expandTargets({ collection, typeOf }: { collection: CollectionDoc; typeOf: TypeOf }): { expandable: ExpandTarget[]; expandPaths: string[] } {
  const expandable = targetsOf({ collection, typeOf });
  const expandPaths = expandable.flatMap(({ field, target }) => [field, ...(EXPAND_MAX_DEPTH > 1 ? targetsOf({ collection: target, typeOf }).map((inner) => `${field}.${inner.field}`) : [])]);
  return { expandable: expandable.map(({ field, typeName, list }) => ({ field, typeName, list })), expandPaths };
}
