// A platform's credential fields as a form schema and uiSchema, and the connect form they share
// with IntegrationInput's own properties.
import type { UiSchema } from '@rjsf/utils';
import type { IntegrationKeys, IntegrationPlatformField } from '../../../../../generated/client/types.gen';
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

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

/** The connect form: the platform's key fields beside the properties of IntegrationInput's own form part. */
export function connectFormSchema({ keys, settings }: { keys: JsonSchema; settings: JsonSchema }): JsonSchema {
  const [a, b] = [keys as ObjectSchema, settings as ObjectSchema];
  return { type: 'object', required: [...(a.required ?? []), ...(b.required ?? [])], properties: { ...a.properties, ...b.properties } };
}

/** The connect form's values parted: the settings schema's properties go in the body, the rest are the platform's keys. */
export function splitConnectValues({ values, settings }: { values: Readonly<Record<string, unknown>>; settings: JsonSchema }): { keys: IntegrationKeys; own: Record<string, unknown> } {
  const own = new Set(Object.keys((settings as ObjectSchema).properties ?? {}));
  const entries = Object.entries(values);
  return {
    keys: Object.fromEntries(entries.filter(([key]) => !own.has(key))) as IntegrationKeys,
    own: Object.fromEntries(entries.filter(([key]) => own.has(key))),
  };
}
