// The popup naming a collection, for Create Collection: the name is lower-cased and its spaces
// become hyphens as typed, and checked with the spec's words before the server sees it.
import type { DbCollectionRename } from '../../../../../generated/client/types.gen';
import { collectionNameError, normaliseCollectionName } from '../../../../../rules/database';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import type { ResourceFormPopupProps } from '../../../components/resource/ResourceFormPopup';

type Props = Pick<ResourceFormPopupProps<DbCollectionRename>, 'title' | 'submitText' | 'toasts' | 'onSubmit' | 'onClose'>;

const UI = { name: { 'ui:placeholder': 'e.g. products', 'ui:autofocus': true } };

export const deriveCollectionName = (next: Partial<DbCollectionRename>): Partial<DbCollectionRename> =>
  next.name === undefined ? next : { ...next, name: normaliseCollectionName(next.name) };

export const validateCollectionName: NonNullable<ResourceFormPopupProps<DbCollectionRename>['customValidate']> = (data, errors) => {
  const message = collectionNameError(data?.name ?? '');
  if (message) errors.name?.addError(message);
  return errors;
};

export function CollectionNamePopup(props: Props) {
  return <ResourceFormPopup<DbCollectionRename> open schemaName="DbCollectionRename" uiSchema={UI} derive={deriveCollectionName} customValidate={validateCollectionName} {...props} />;
}
