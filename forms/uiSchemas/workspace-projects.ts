// uiSchemas of the projects' forms: create, settings (thumbnail upload, 3 MB), Add User and
// Update Permission.
import type { UiSchema } from '@rjsf/utils';
import { THUMBNAIL_MAX_MB } from './account-profile';

const ROLE_NAMES = ['Viewer', 'Editor', 'Admin'];

export const workspaceProjectsUiSchemas: Record<string, UiSchema> = {
  ProjectCreateInput: {
    name: { 'ui:placeholder': 'My website', 'ui:autofocus': true },
  },
  ProjectInput: {
    'ui:order': ['name', 'domain', 'thumbnail', '*'],
    name: { 'ui:placeholder': 'My website' },
    domain: { 'ui:placeholder': 'www.example.com' },
    thumbnail: { 'ui:description': 'PNG, JPG or GIF, 3 MB at most.', 'ui:widget': 'imageUpload', 'ui:options': { accept: 'image/png,image/jpeg,image/gif', maxMb: THUMBNAIL_MAX_MB } },
  },
  ProjectPermissionInput: {
    'ui:order': ['email', 'permission', '*'],
    email: { 'ui:placeholder': 'teammate@example.com', 'ui:autocomplete': 'off' },
    permission: { 'ui:enumNames': ROLE_NAMES },
  },
  ProjectPermissionRoleInput: {
    role: { 'ui:enumNames': ROLE_NAMES },
  },
};
