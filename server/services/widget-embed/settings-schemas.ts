// The settings schema of each widget type, read from the bundled API document (components
// <Type>Settings of openapi/widget-types*.yaml, WidgetCommonSettings' properties joined): a new
// widget's defaults, and the check of what the editor saves. A type without a schema (a catalog app not built yet) has no settings.
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../../http/openapi-document';
import { ValidationError } from '../../http/errors';
import { fieldMessage } from '../../../rules/validation-messages';
import { COMMON_SETTINGS, settingsDefaults, settingsSchemaName, withCommonSettings, withDefaults, withSafeLinks } from '../../../rules/widget-settings';
import type { SettingsSchema } from '../../../rules/widget-settings';
import { customCssProblem } from './custom-css';

// Formats are hints for the editor's inputs (a date-time picker); the renderers cope with any
// string. Patterns are enforced: a link's (HttpUrl) keeps script and other schemes out.
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

export function settingsSchemaOf(type: string): SettingsSchema | undefined {
  const schemas = (openApiDocument().components as { schemas: Record<string, SettingsSchema> } | undefined)?.schemas;
  const own = schemas?.[settingsSchemaName(type)];
  return own ? withCommonSettings({ schema: own, common: schemas?.[COMMON_SETTINGS] }) : undefined;
}

export const defaultSettingsOf = (type: string): Record<string, unknown> => {
  const schema = settingsSchemaOf(type);
  return schema ? settingsDefaults(schema) : {};
};

export const publishedSettingsOf = ({ type, settings }: { type: string; settings: unknown }): Record<string, unknown> => {
  const schema = settingsSchemaOf(type);
  return schema ? withDefaults({ schema, settings: withSafeLinks({ schema, settings }) }) : {};
};

/** A poll's answers in its published settings, each once (the schema does not forbid repeats). */
export const pollAnswersOf = (published: Record<string, unknown>): string[] => {
  const { options } = published;
  return [...new Set(Array.isArray(options) ? options.filter((option): option is string => typeof option === 'string') : [])];
};

const SETTINGS_INVALID = 'These settings do not fit this widget type';

/** Refuses settings that do not match the type's schema, naming the fields at fault (a type without one takes none). */
export function checkSettings({ type, settings }: { type: string; settings: Record<string, unknown> }): void {
  const schema = settingsSchemaOf(type);
  if (!schema) {
    if (Object.keys(settings).length === 0) return;
    throw new ValidationError(SETTINGS_INVALID, { settings: 'This widget type has no settings yet' });
  }
  let validate = validators.get(type);
  if (!validate) {
    // Links refer to the document's shared HttpUrl: the settings schema brings the components along.
    validate = ajv.compile({ ...schema, components: openApiDocument().components });
    validators.set(type, validate);
  }
  // Before the schema: a 100 kB stylesheet gets the rule's own words, not a length in characters.
  const cssProblem = typeof settings.customCss === 'string' ? customCssProblem(settings.customCss) : undefined;
  if (cssProblem) throw new ValidationError(SETTINGS_INVALID, { 'settings.customCss': cssProblem });
  if (validate(settings)) return;
  const fieldErrors = Object.fromEntries(
    (validate.errors ?? []).map((error) => {
      const keys = error.instancePath.split('/').filter(Boolean);
      const message = fieldMessage({ path: keys.join('.'), errorCode: error.keyword, message: error.message ?? 'is not valid', label: titleAt({ schema, keys }) });
      return [['settings', ...keys].join('.'), message];
    }),
  );
  throw new ValidationError(SETTINGS_INVALID, fieldErrors);
}

interface TitledSchema {
  title?: string;
  properties?: Record<string, TitledSchema>;
  items?: TitledSchema;
}

/** The editor's label of a setting (its title, written beside a shared schema's $ref too), for the error's words. */
function titleAt({ schema, keys }: { schema: TitledSchema; keys: string[] }): string | undefined {
  if (keys.length === 0) return undefined;
  const field = keys.reduce<TitledSchema | undefined>((node, key) => (/^\d+$/.test(key) ? node?.items : node?.properties?.[key]), schema);
  return field?.title;
}
