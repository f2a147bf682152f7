// uiSchemas of the catalog's forms: cancellation feedback and the minimal widget editor's name.
import type { UiSchema } from '@rjsf/utils';

export const workspaceCatalogUiSchemas: Record<string, UiSchema> = {
  CancellationFeedbackBody: {
    'ui:order': ['reason', 'comment', '*'],
    reason: {
      'ui:widget': 'radio',
      'ui:enumNames': ['It costs too much', 'It is hard to use', 'It is missing something I need', "I don't need it anymore", 'Other'],
    },
    comment: { 'ui:widget': 'textarea', 'ui:title': 'Anything else you would like to tell us? (optional)', 'ui:placeholder': 'At least 4 characters' },
  },
};
