// The editor's form: the widget's name above every property of its type's settings schema
// (openapi/widget-types.yaml), so a property added to the schema shows with no code here.
import type { JsonSchema } from '../../../../../forms/schemas';
import { allSchemas } from '../../../../../forms/schemas';
import { settingsDefaults, settingsSchemaName } from '../../../../../rules/widget-settings';
import type { SettingsSchema } from '../../../../../rules/widget-settings';
import { propertyOf } from '../../developer/lib/schema';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

export type EditorForm = { name: string } & Record<string, unknown>;

/** The type's settings schema, or undefined for a catalog app that has none yet. */
export const settingsSchemaOf = (type: string): ObjectSchema | undefined => allSchemas[settingsSchemaName(type)] as ObjectSchema | undefined;

export function editorSchema(type: string): JsonSchema {
  const settings = settingsSchemaOf(type) ?? { type: 'object', properties: {} };
  return {
    ...settings,
    title: undefined,
    properties: { name: propertyOf('WidgetCreateInput', 'name'), ...settings.properties },
    required: ['name', ...(settings.required ?? [])],
  };
}

/** A new widget's form: its name and the type's defaults. */
export function newWidgetForm({ type, name }: { type: string; name: string }): EditorForm {
  const schema = settingsSchemaOf(type);
  return { name, ...(schema ? settingsDefaults(schema as SettingsSchema) : {}) };
}

/** The form's data as the call's name and settings. */
export function splitForm(form: Partial<EditorForm>): { name: string; settings: Record<string, unknown> } {
  const { name = '', ...settings } = form;
  return { name, settings };
}
