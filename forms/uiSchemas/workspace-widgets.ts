// uiSchemas of the widget screens: the collaborator invitation (email and role; the spec's
// componentId and userId travel hidden) and the rename and move popups.
import type { UiSchema } from '@rjsf/utils';

export const workspaceWidgetsUiSchemas: Record<string, UiSchema> = {
  WidgetPermissionInput: {
    'ui:order': ['userDetails', 'role', '*'],
    userDetails: {
      'ui:label': false,
      email: { 'ui:placeholder': 'collaborator@example.com', 'ui:autocomplete': 'off' },
      name: { 'ui:widget': 'hidden' },
    },
    role: { 'ui:enumNames': ['Viewer', 'Analyst', 'Editor'] },
    componentId: { 'ui:widget': 'hidden' },
    userId: { 'ui:widget': 'hidden' },
  },
  WidgetUpdateInput: {
    name: { 'ui:autofocus': true },
  },
};
