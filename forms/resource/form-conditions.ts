// What a form shows and lets change as the document's hints say, given the values typed and the
// record edited: a property with `x-ui.when` only while the form's values meet it (a trial only
// for a paid plan), one with `x-ui.locked` read-only once the record exists or while another of
// its properties holds something (a plan's prices once connected). No screen lists those fields.
import type { UiSchema } from '@rjsf/utils';
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf, resolveSchema } from './columns';
import { propertyHints } from './ui-hints';
import type { WhenCondition, WhenHint } from './ui-hints';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };
type Values = Readonly<Record<string, unknown>>;

/** A value as the form holds it, or the schema's default while it holds none (a new plan is not free). */
const valueOf = ({ values, properties, key }: { values: Values; properties: Record<string, JsonSchema>; key: string }): unknown =>
  values[key] ?? (Object.hasOwn(properties, key) ? properties[key].default : undefined);

const meets = ({ condition, values, properties }: { condition: WhenCondition; values: Values; properties: Record<string, JsonSchema> }): boolean =>
  Object.entries(condition).every(([other, expected]) => {
    const value = valueOf({ values, properties, key: other });
    return Array.isArray(expected) ? (expected as ReadonlyArray<unknown>).includes(value) : value === expected;
  });

/** Whether the values meet a `when` hint: its one condition, or any of its list. */
export const meetsWhen = ({ when, values, properties }: { when: WhenHint; values: Values; properties: Record<string, JsonSchema> }): boolean =>
  Array.isArray(when) ? (when as ReadonlyArray<WhenCondition>).some((condition) => meets({ condition, values, properties })) : meets({ condition: when as WhenCondition, values, properties });

/** The schema without the properties whose `when` the values do not meet. */
export function shownSchema({ schema, values, definitions = loadedSchemas() }: { schema: JsonSchema; values: Values; definitions?: Record<string, JsonSchema> }): JsonSchema {
  const resolved = resolveSchema({ schema, definitions }) as ObjectSchema;
  const properties = propertiesOf({ schema, definitions });
  const shown = Object.keys(properties).filter((key) => {
    const { when } = propertyHints(properties[key]);
    return !when || meetsWhen({ when, values, properties });
  });
  return { ...resolved, properties: Object.fromEntries(shown.map((key) => [key, properties[key]])), required: (resolved.required ?? []).filter((key) => shown.includes(key)) };
}

const holdsSomething = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '' && value !== false);

/** The `locked` properties of the schema the record fixes (none for a new record). */
export function lockedFields({ schema, record, definitions = loadedSchemas() }: { schema: JsonSchema; record?: Values; definitions?: Record<string, JsonSchema> }): string[] {
  if (!record) return [];
  const properties = propertiesOf({ schema, definitions });
  return Object.keys(properties).filter((key) => {
    const { locked } = propertyHints(properties[key]);
    return locked === true || (typeof locked === 'string' && holdsSomething(record[locked]));
  });
}

/** Those fields read-only and not focused first; a locked list also takes no new, moved or removed items. */
export function lockedUiSchema({ schema, record, definitions = loadedSchemas() }: { schema: JsonSchema; record?: Values; definitions?: Record<string, JsonSchema> }): UiSchema {
  const properties = propertiesOf({ schema, definitions });
  return Object.fromEntries(
    lockedFields({ schema, record, definitions }).map((key) => [
      key,
      { 'ui:readonly': true, 'ui:autofocus': false, ...(properties[key].type === 'array' ? { 'ui:options': { addable: false, removable: false, orderable: false } } : {}) },
    ]),
  );
}
