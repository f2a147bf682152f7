// A platform's credential fields as a form schema and uiSchema.
import type { UiSchema } from '@rjsf/utils';
import type { IntegrationPlatformField } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';

const isBoolean = (field: IntegrationPlatformField): boolean => field.type === 'boolean' || field.type === 'checkbox';

export function credentialsSchema(fields: ReadonlyArray<IntegrationPlatformField>): JsonSchema {
  return {
    type: 'object',
    required: fields.filter((f) => f.type !== 'hidden' && f.required !== false && !isBoolean(f)).map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, isBoolean(f) ? { type: 'boolean', title: f.label } : { type: 'string', title: f.label, minLength: 1 }])),
  };
}

const WIDGETS: Partial<Record<IntegrationPlatformField['type'], UiSchema>> = {
  password: { 'ui:widget': 'password' },
  hidden: { 'ui:widget': 'hidden' },
  url: { 'ui:options': { inputType: 'url' } },
  boolean: { 'ui:widget': 'switch' },
  checkbox: { 'ui:widget': 'checkbox' },
};

export function credentialsUiSchema(fields: ReadonlyArray<IntegrationPlatformField>): UiSchema {
  return Object.fromEntries(fields.map((f) => [f.name, { ...WIDGETS[f.type], ...(f.placeholder ? { 'ui:placeholder': f.placeholder } : {}) }]));
}
