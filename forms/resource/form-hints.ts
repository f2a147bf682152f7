// A form's uiSchema from the document's hints and the record it edits: the `x-ui` of the body
// schema's properties (widget, placeholder, help) and its order, under what a screen lays over;
// and the values a form starts from, read from the record as the server answered it.
import type { UiSchema } from '@rjsf/utils';
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf, resolveSchema } from './columns';
import { REST, propertyHints, schemaHints, widgetUi } from './ui-hints';

/** The uiSchema the hints of `schema` give (empty when they give none). */
export function hintedUiSchema({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): UiSchema {
  const properties = propertiesOf({ schema, definitions });
  const fields = Object.entries(properties).flatMap(([key, property]) => {
    const { placeholder, help, form } = propertyHints(property);
    const ui = { ...(form === false ? { 'ui:widget': 'hidden' } : widgetUi(property)), ...(placeholder ? { 'ui:placeholder': placeholder } : {}), ...(help ? { 'ui:help': help } : {}) };
    return Object.keys(ui).length ? [[key, ui] as const] : [];
  });
  // RJSF refuses an order naming a property the schema lacks, and one that misses any without '*'.
  const order = schemaHints(resolveSchema({ schema, definitions })).order?.filter((key) => key === REST || Object.hasOwn(properties, key));
  return { ...Object.fromEntries(fields), ...(order?.length ? { 'ui:order': order.includes(REST) ? order : [...order, REST] } : {}) };
}

/** `over` laid on `under`, field by field (a screen's `ui:readonly` keeps the hint's widget). */
export function mergeUiSchemas(under: UiSchema, over: UiSchema | undefined): UiSchema {
  if (!over) return under;
  const merged: UiSchema = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below: unknown = merged[key];
    const bothObjects = [below, value].every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    merged[key] = bothObjects ? { ...(below as object), ...(value as object) } : value;
  }
  return merged;
}

/**
 * The values an edit form starts from: each property of the body schema the record holds, as
 * it holds it, so a property added to the document refills with no code. Properties the server
 * owns (`readOnly`) stay out.
 */
export function formValuesOf<F>({ schema, record, definitions = loadedSchemas() }: { schema: JsonSchema; record: object; definitions?: Record<string, JsonSchema> }): Partial<F> {
  const properties = propertiesOf({ schema, definitions });
  const values = record as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.keys(properties).filter((key) => properties[key].readOnly !== true && values[key] !== undefined && values[key] !== null).map((key) => [key, values[key]])) as Partial<F>;
}
