// The Create Collection popup: DbCollectionCreate whole (the name, then the create body's
// properties), so a property added to DbCollectionInput is a field here. The name is lower-cased
// and its spaces become hyphens as typed, and checked with the spec's words before the server sees it.
import type { DbCollectionCreate, DbCollectionRename } from '../../../../../generated/client/types.gen';
import { collectionNameError, normaliseCollectionName } from '../../../../../rules/database';
import type { SchemaFormProps } from '../../../../../forms/SchemaForm';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import type { ResourceFormPopupProps } from '../../../components/resource/ResourceFormPopup';
import { DbCollectionCreateSchema } from '../../../../../generated/schemas/DbCollectionCreate';

type Props = Pick<ResourceFormPopupProps<DbCollectionCreate>, 'title' | 'submitText' | 'toasts' | 'onSubmit' | 'onClose'>;

const UI = { name: { 'ui:placeholder': 'e.g. products', 'ui:autofocus': true } };

export const deriveCollectionName = <T extends DbCollectionRename>(next: Partial<T>): Partial<T> =>
  next.name === undefined ? next : { ...next, name: normaliseCollectionName(next.name) };

export const validateCollectionName = <T extends DbCollectionRename>(...[data, errors]: Parameters<NonNullable<SchemaFormProps<T>['customValidate']>>) => {
  const message = collectionNameError(data?.name ?? '');
  if (message) errors.name?.addError(message);
  return errors;
};

export function CollectionNamePopup(props: Props) {
  return <ResourceFormPopup<DbCollectionCreate> open entry={DbCollectionCreateSchema} uiSchema={UI} derive={deriveCollectionName} customValidate={validateCollectionName} {...props} />;
}
