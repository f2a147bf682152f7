// The document's presentation hints (`x-ui`), the one place a screen's look beyond the schema
// is written: which properties lead a list, a card or a record view, which stay out of lists,
// a value's format, a field's widget. Every list, card grid, record view and form reads them
// here, so a property added to a schema shows everywhere with no code (docs/extending.md).
import type { JsonSchema } from '../root-schema';

/** How a value is shown where the type and format alone would not say (cell-format.ts). */
export const UI_FORMATS = ['text', 'plain-text', 'money', 'date', 'date-time', 'relative-time', 'count', 'number', 'bytes', 'thumbnail', 'widget-picture', 'badge', 'boolean', 'key-value'] as const;
export type UiFormat = (typeof UI_FORMATS)[number];

/** `x-ui` on a property. */
export type PropertyHints = {
  format?: UiFormat;
  /** A badge's known values, where the schema's type is free text (a provider's status word). */
  options?: ReadonlyArray<string>;
  /** Words shown for some stored values (`pending` as "pending approval"); other values show as they are. */
  labels?: Readonly<Record<string, string>>;
  /**
   * `hidden`: out of lists and cards until picked under Columns; `false`: never in a list or card;
   * `true`: listed though it is a structure (a plan's prices), which the screen's cell draws.
   */
  list?: 'hidden' | false | true;
  /** `false`: not in the record view either (an id the page's address already holds). */
  details?: false;
  /**
   * In a form only while the form's other values are these (a trial only for a paid plan): a
   * value, or a list of which any one will do; a list of such conditions shows the property
   * when any one of them holds (a related collection for a relation, or an array of relations).
   */
  when?: WhenHint;
  /**
   * The part of a form the property is drawn in, where a screen splits one form into tabs or
   * sections by name (a field's Basic and Advanced tabs; a widget's settings in the editor's
   * Content, Layout, Style and Settings tabs: SETTINGS_GROUPS); properties without one go in the
   * screen's first. An object's group is its properties' unless they give their own.
   */
  group?: string;
  /** `false`: the forms never draw it (the screen sets it: a field's type, picked before the form opens). */
  form?: false;
  /** On an object property: its properties are drawn in the parent's form, in its place, as the parent's own. */
  inline?: true;
  /**
   * Read-only in an edit form: `true` once the record exists (a coupon's code), or the name of a
   * property of the record that fixes this one while it holds something (a plan's prices once connected).
   */
  locked?: true | string;
  /** The form's widget (RJSF `ui:widget`), placeholder and help text. */
  widget?: string;
  /** With `widget: media`: what the picker lists and uploads, images (the default) or any file the media library takes (a download's PDF). */
  media?: 'image' | 'file';
  placeholder?: string;
  help?: string;
};

type WhenValue = string | number | boolean;
/** The values a `when` hint asks of the form's other properties (form-conditions.ts). */
export type WhenCondition = Readonly<Record<string, WhenValue | ReadonlyArray<WhenValue>>>;
export type WhenHint = WhenCondition | ReadonlyArray<WhenCondition>;

/**
 * A card's parts: its heading, its picture, its badge and its text (a paragraph under the heading,
 * shown without its title: a teaser); the other listed properties are its lines.
 */
export type CardHints = { title?: string; image?: string; badge?: string; text?: string };
/** A block of the record view; one block's fields holds '*' (every property not named elsewhere). */
export type DetailsBlock = { title: string; fields: ReadonlyArray<string> };

/**
 * One of the forms a write schema is drawn as apart (a widget's rename and move popups): its
 * fields ('*': every property no other part names) and those it requires beyond the schema's.
 */
export type FormPart = { fields: ReadonlyArray<string>; required?: ReadonlyArray<string> };

/** `x-ui` on an object schema. */
export type SchemaHints = {
  /** Properties that lead, then '*' for the rest in document order (as RJSF's ui:order). */
  order?: ReadonlyArray<string>;
  card?: CardHints;
  details?: ReadonlyArray<DetailsBlock>;
  /**
   * The properties a list's search box may run on, the first its default; `exact` for an id
   * (equality instead of a pattern). The list operation must take a query on them.
   */
  search?: ReadonlyArray<string | { field: string; exact?: boolean }>;
  /** The forms of a write schema by name, for screens that draw it in parts (form-parts.ts). */
  forms?: Readonly<Record<string, FormPart>>;
};

export const UI_HINTS = 'x-ui';
export const REST = '*';

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const propertyHints = (property: JsonSchema): PropertyHints => (isObject(property[UI_HINTS]) ? (property[UI_HINTS] as PropertyHints) : {});
export const schemaHints = (schema: JsonSchema): SchemaHints => (isObject(schema[UI_HINTS]) ? (schema[UI_HINTS] as SchemaHints) : {});

/**
 * The keys in the order `order` gives: those named before '*' first, then every other key in
 * its own order, then those named after '*'. Names the keys do not hold are skipped, so a hint
 * never breaks a screen when a property leaves the schema.
 */
export function orderedKeys({ keys, order }: { keys: ReadonlyArray<string>; order?: ReadonlyArray<string> }): string[] {
  if (!order?.length) return [...keys];
  const known = new Set(keys);
  const rest = order.indexOf(REST);
  const lead = (rest < 0 ? order : order.slice(0, rest)).filter((key) => known.has(key));
  const trail = rest < 0 ? [] : order.slice(rest + 1).filter((key) => known.has(key));
  const named = new Set([...lead, ...trail]);
  return [...lead, ...keys.filter((key) => !named.has(key)), ...trail];
}

/** A value the list or card can draw in one line: not an object, nor a list of objects. */
export function isScalar(property: JsonSchema): boolean {
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes('object') || (property.type === undefined && (property.properties || property.$ref))) return false;
  if (!types.includes('array')) return true;
  const items = isObject(property.items) ? property.items : {};
  return !['object', 'array'].includes(String(items.type)) && !items.properties && !items.$ref;
}

/**
 * The properties a list or card shows, in order, and those it keeps under Columns until picked.
 * The order may name a nested object's value by its dotted path ('plan.name'); `nested` finds
 * its schema, and the value is listed where the order puts it.
 */
export function listedKeys({ schema, properties, nested }: { schema: JsonSchema; properties: Readonly<Record<string, JsonSchema>>; nested?: (path: string) => JsonSchema | undefined }): { shown: string[]; hidden: string[] } {
  const { order } = schemaHints(schema);
  const deep = new Map((order ?? []).filter((key) => key.includes('.')).flatMap((path) => {
    const property = nested?.(path);
    return property ? [[path, property] as const] : [];
  }));
  const schemaOf = (key: string): JsonSchema => properties[key] ?? deep.get(key) ?? {};
  const keys = orderedKeys({ keys: [...Object.keys(properties), ...deep.keys()], order }).filter((key) => isScalar(schemaOf(key)) || propertyHints(schemaOf(key)).list === true);
  const listed = keys.filter((key) => propertyHints(schemaOf(key)).list !== false);
  return { shown: listed, hidden: listed.filter((key) => propertyHints(schemaOf(key)).list === 'hidden') };
}

/** The record view's blocks: the schema's `details` hint, else one block of every property it can draw. */
export function detailsBlocks({ schema, properties, title }: { schema: JsonSchema; properties: Readonly<Record<string, JsonSchema>>; title: string }): DetailsBlock[] {
  const drawn = orderedKeys({ keys: Object.keys(properties), order: schemaHints(schema).order }).filter((key) => isScalar(properties[key]) && propertyHints(properties[key]).details !== false);
  const blocks = schemaHints(schema).details ?? [{ title, fields: [REST] }];
  const named = new Set(blocks.flatMap((block) => block.fields.filter((field) => field !== REST)));
  const rest = drawn.filter((key) => !named.has(key));
  return blocks.map((block) => ({ title: block.title, fields: block.fields.flatMap((field) => (field === REST ? rest : Object.hasOwn(properties, field) ? [field] : [])) }));
}

/** The tabs of the widget editor, in order: each settings property's `group` (`content` where it has none). */
export const SETTINGS_GROUPS = ['content', 'layout', 'style', 'settings'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/**
 * The keys of each of `groups`, in the properties' order, by their `group` hint: a key without
 * one, or with a group not among them, goes in the first, so every property is drawn somewhere.
 */
export function groupedKeys<G extends string>({ properties, groups }: { properties: Readonly<Record<string, JsonSchema>>; groups: ReadonlyArray<G> }): Map<G, string[]> {
  const grouped = new Map<G, string[]>(groups.map((group) => [group, []]));
  for (const [key, property] of Object.entries(properties)) {
    const hinted = propertyHints(property).group;
    const group = groups.find((known) => known === hinted) ?? groups[0];
    grouped.get(group)?.push(key);
  }
  return grouped;
}

/** The RJSF widget a property's hints name, with the options the widget reads from them (the media picker's kind). */
export function widgetUi(property: JsonSchema): { 'ui:widget'?: string; 'ui:options'?: { media: 'image' | 'file' } } {
  const { widget, media } = propertyHints(property);
  if (!widget) return {};
  return { 'ui:widget': widget, ...(media ? { 'ui:options': { media } } : {}) };
}
