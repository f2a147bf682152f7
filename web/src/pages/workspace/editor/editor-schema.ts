// The editor's form: WidgetCreateInput's `editor` part (x-ui.forms: the name, and any property
// added there) above every property of its type's settings schema (openapi/widget-types.yaml), so
// a property added to either schema shows with no code here.
import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../../../forms/schemas';
import { schemaOf } from '../../../../../forms/schemas';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { ApiError, toFormFailure } from '../../../../../forms/server-errors';
import { widgetUi } from '../../../../../forms/resource/ui-hints';
import { settingsDefaults, settingsSchemaName, settingsTemplates, withCommonSettings } from '../../../../../rules/widget-settings';
import type { SettingsSchema, WidgetTemplate } from '../../../../../rules/widget-settings';
import { WidgetCreateInputSchema } from '../../../../../generated/schemas/WidgetCreateInput';
import { WidgetCommonSettingsSchema } from '../../../../../generated/schemas/WidgetCommonSettings';
import { WIDGET_SETTINGS } from '../../../../../generated/schemas/widget-settings';

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
  // The document's own widget hint first (an image's `x-ui: { widget: media }`: the media picker).
  const hinted = widgetUi(schema);
  if (hinted['ui:widget']) return hinted;
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

/** The type's settings schema with the settings every type has (custom CSS), or undefined for a catalog app that has none yet. */
export function settingsSchemaOf(type: string): ObjectSchema | undefined {
  const entry = WIDGET_SETTINGS[settingsSchemaName(type)];
  if (!entry) return undefined;
  return withCommonSettings({ schema: schemaOf(entry) as SettingsSchema, common: schemaOf(WidgetCommonSettingsSchema) as SettingsSchema }) as ObjectSchema;
}

/** The type's templates (`x-templates` on its settings schema); none for a type without a schema. */
export function templatesOf(type: string): WidgetTemplate[] {
  const schema = settingsSchemaOf(type);
  return schema ? settingsTemplates(schema as SettingsSchema) : [];
}

/** The widget's own fields the editor draws, with what it requires of them (the name). */
const widgetPart = (): ObjectSchema => formPartSchema({ schema: schemaOf(WidgetCreateInputSchema), part: 'editor' }) as ObjectSchema;

export function editorSchema(type: string): JsonSchema {
  const settings = settingsSchemaOf(type) ?? { type: 'object', properties: {} };
  const widget = widgetPart();
  return {
    ...settings,
    title: undefined,
    properties: { ...widget.properties, ...settings.properties },
    required: [...(widget.required ?? []), ...(settings.required ?? [])],
  };
}

export const editorUiSchema = (type: string): UiSchema => fieldUi((settingsSchemaOf(type) ?? {}) as FieldSchema);

/** A new widget's form: its name and the type's defaults, with a template's settings over them. */
export function newWidgetForm({ type, name, template }: { type: string; name: string; template?: WidgetTemplate }): EditorForm {
  const schema = settingsSchemaOf(type);
  return { name, ...(schema ? settingsDefaults(schema as SettingsSchema) : {}), ...structuredClone(template?.settings ?? {}) };
}

/** The form's data as the call's widget fields (its name...) and its settings (every other value). */
export function splitForm(form: Partial<EditorForm>): { name: string; settings: Record<string, unknown> } & Record<string, unknown> {
  const own = new Set(Object.keys(widgetPart().properties ?? {}));
  const entries = Object.entries(form);
  const widget = Object.fromEntries(entries.filter(([key]) => own.has(key)));
  const settings = Object.fromEntries(entries.filter(([key]) => !own.has(key)));
  return { ...widget, name: typeof widget.name === 'string' ? widget.name : '', settings };
}

/**
 * A failed save as the form's own fields: the call names a setting `settings.<key>` (it sends
 * them under `settings`), the form holds it at `<key>`, so the error shows under its field and
 * marks its tab.
 */
export function asFormFailure(thrown: unknown): ApiError {
  const { message, fieldErrors, status } = toFormFailure(thrown);
  return new ApiError({ message, status, fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([path, text]) => [path.replace(/^settings\./, ''), text])) });
}
