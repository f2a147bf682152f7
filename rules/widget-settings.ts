// Widget types are defined by their settings schema (openapi/widget-types.yaml): the schema of
// type `pricing-table` is `PricingTableSettings`. Its defaults are a new widget's settings, and
// what is saved is laid over them, so a property added to the schema later reaches old widgets
// with its default.

import { isHttpUrl } from './url-patterns';

export interface SettingsSchema {
  $ref?: string;
  type?: string | string[];
  default?: unknown;
  properties?: Record<string, SettingsSchema>;
  items?: SettingsSchema;
}

/** The schema of the settings every type carries beside its own (openapi/widget-common.yaml). */
export const COMMON_SETTINGS = 'WidgetCommonSettings';

/** A type's settings schema with the common properties (the owner's custom CSS) joined to its own. */
export function withCommonSettings({ schema, common }: { schema: SettingsSchema; common: SettingsSchema | undefined }): SettingsSchema {
  return common ? { ...schema, properties: { ...schema.properties, ...common.properties } } : schema;
}

/** `pricing-table` -> `PricingTableSettings`. */
export function settingsSchemaName(type: string): string {
  const pascal = type
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
  return `${pascal}Settings`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema's defaults: each property's `default`, or for an object without one its own properties' defaults. */
export function settingsDefaults(schema: SettingsSchema): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) defaults[key] = structuredClone(property.default);
    else if (property.properties) defaults[key] = settingsDefaults(property);
  }
  return defaults;
}

/** Saved settings over the defaults, one level deep (a saved list replaces the default list). */
export function withDefaults({ schema, settings }: { schema: SettingsSchema; settings: unknown }): Record<string, unknown> {
  return { ...settingsDefaults(schema), ...(isRecord(settings) ? settings : {}) };
}

const HTTP_URL = '#/components/schemas/HttpUrl';

/**
 * The settings with every link the HttpUrl schema refuses put back to its default: saving
 * refuses them, but widgets saved before links were checked may hold one (docs/stored-urls.md).
 */
export function withSafeLinks({ schema, settings }: { schema: SettingsSchema; settings: unknown }): unknown {
  if (schema.$ref === HTTP_URL) return typeof settings === 'string' && (settings === '' || isHttpUrl(settings)) ? settings : (schema.default ?? '');
  if (Array.isArray(settings)) return schema.items ? settings.map((item) => withSafeLinks({ schema: schema.items ?? {}, settings: item })) : settings;
  if (!isRecord(settings) || !schema.properties) return settings;
  const properties = schema.properties;
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, properties[key] ? withSafeLinks({ schema: properties[key], settings: value }) : value]));
}

/** A ready-made starting point of a type (`x-templates` on its settings schema): the settings that differ from the defaults. */
export interface WidgetTemplate {
  id: string;
  name: string;
  description: string;
  settings: Record<string, unknown>;
}

export const TEMPLATES = 'x-templates';

/** The type's templates as its schema declares them (entries without an id, name or settings left out). */
export function settingsTemplates(schema: SettingsSchema): WidgetTemplate[] {
  const declared: unknown = (schema as Record<string, unknown>)[TEMPLATES];
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.name !== 'string' || !isRecord(entry.settings)) return [];
    return [{ id: entry.id, name: entry.name, description: typeof entry.description === 'string' ? entry.description : '', settings: entry.settings }];
  });
}
