// A collection's fields as the rules know them: the API's optional name and display name are
// always set on stored fields; an unnamed one (never answered) would read as empty.
import type { DbCollection } from '../../../../../generated/client/types.gen';
import type { DatabaseField } from '../../../../../rules/database-fields';

export const attributesOf = (collection: Pick<DbCollection, 'attributes'>): DatabaseField[] =>
  collection.attributes.map((field) => ({ ...field, name: field.name ?? '', displayName: field.displayName ?? field.name ?? '' }));
