// uiSchemas of the Account page's Profile and Change Password forms: widgets and words only; the
// fields and their order are the document's.
import type { UiSchema } from '@rjsf/utils';

/** Spec 003 section 9: thumbnails up to 3 MB. */
export const THUMBNAIL_MAX_MB = 3;

export const accountProfileUiSchemas: Record<string, UiSchema> = {
  AccountProfileBody: {
    thumbnail: { 'ui:widget': 'imageUpload', 'ui:options': { accept: 'image/png,image/jpeg,image/gif', maxMb: THUMBNAIL_MAX_MB } },
    fullName: { 'ui:autocomplete': 'name', 'ui:placeholder': 'Jane Doe' },
    isSubscribe: { 'ui:title': 'Send me email updates about new widgets and features' },
  },
  AccountChangePasswordBody: {
    currentPassword: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' },
    password: { 'ui:widget': 'passwordStrength', 'ui:placeholder': 'At least 5 characters' },
    passwordAgain: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
  },
};
