// The editor's form: the widget's name above every property of its type's settings schema
// (openapi/widget-types.yaml), so a property added to the schema shows with no code here.
import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../../../forms/schemas';
import { allSchemas } from '../../../../../forms/schemas';
import { settingsDefaults, settingsSchemaName } from '../../../../../rules/widget-settings';
import type { SettingsSchema } from '../../../../../rules/widget-settings';
import { propertyOf } from '../../developer/lib/schema';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };
type FieldSchema = ObjectSchema & { type?: string | string[]; format?: string; pattern?: string; maxLength?: number; items?: FieldSchema };

/** Strings this long without a format (a link has one) are paragraphs (an FAQ answer, a quote): a text area. */
const PARAGRAPH_LENGTH = 1000;
const HEX_COLOR = '^#[0-9a-fA-F]{6}$';

/**
 * Inputs read from the schema alone, so a new property gets the right one with no code: a
 * #rrggbb pattern is a color picker, a long string a text area, in lists and objects too.
 */
export function fieldUi(schema: FieldSchema): UiSchema {
  if (schema.type === 'string' && schema.pattern === HEX_COLOR) return { 'ui:widget': 'color' };
  if (schema.type === 'string' && !schema.format && (schema.maxLength ?? 0) >= PARAGRAPH_LENGTH) return { 'ui:widget': 'textarea' };
  if (schema.type === 'array' && schema.items) {
    const items = fieldUi(schema.items);
    return Object.keys(items).length > 0 ? { items } : {};
  }
  const nested = Object.entries(schema.properties ?? {})
    .map(([key, property]) => [key, fieldUi(property as FieldSchema)] as const)
    .filter(([, ui]) => Object.keys(ui).length > 0);
  return Object.fromEntries(nested);
}

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

export const editorUiSchema = (type: string): UiSchema => fieldUi((settingsSchemaOf(type) ?? {}) as FieldSchema);

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
