// How one property of a record is shown in a table cell, a card line or a detail row, decided
// from its JSON Schema: date-time -> MM/DD/YYYY, money -> 2 decimals with currency, enum ->
// badge, numbers with thousands separators (counts over a million abbreviated), booleans as
// Yes/No; or as the document's `x-ui.format` hint asks (rich text as plain words, sizes, how long ago, a picture, a widget drawn).
import { abbreviate } from '../../rules/abbreviate';
import { formatDate, formatDateTime } from '../../rules/format-date';
import { DEFAULT_CURRENCY, money } from '../../rules/format-money';
import { formatBytes } from '../../rules/format-bytes';
import { formatNumber } from '../../rules/format-number';
import { formatRelativeTime } from '../../rules/format-relative-time';
import { plainText } from '../../rules/plain-text';
import type { JsonSchema } from '../schemas';
import { propertyHints } from './ui-hints';

export type CellFormat = (
  | { kind: 'text' }
  | { kind: 'date' }
  /** A moment to the second, in UTC (a delivery log's times). */
  | { kind: 'date-time' }
  | { kind: 'boolean' }
  | { kind: 'number' }
  /** An integer count: abbreviated (K/M/B) from ABBREVIATE_FROM on. */
  | { kind: 'count' }
  /** `currencyField` names the sibling property holding the code (USD when absent). */
  | { kind: 'money'; currencyField?: string }
  | { kind: 'badge'; options: ReadonlyArray<string> }
  /** Rich text (HTML) as its words. */
  | { kind: 'plain-text' }
  | { kind: 'relative-time' }
  | { kind: 'bytes' }
  /** An image address, drawn as a small picture. */
  | { kind: 'thumbnail' }
  /** An object of label -> value (a form's answers) as "Label: value; Label: value". */
  | { kind: 'key-value' }
  /** The record's widget drawn from its `type` and `settings` (the widget lists' photo), whatever the value. */
  | { kind: 'widget-picture' }
) & {
  /** Words shown for some values instead of the value itself (`x-ui.labels`). */
  labels?: Readonly<Record<string, string>>;
};

/** Counts from here on are abbreviated; below, they keep every digit with separators. */
export const ABBREVIATE_FROM = 1e6;

/** The sibling property that marks numbers of an object as amounts in that currency. */
export const CURRENCY_FIELD = 'currency';

/** The format a property's schema asks for; `siblings` are the other properties of its object. */
export function cellFormatOf({ property, siblings }: { property: JsonSchema; siblings: Readonly<Record<string, JsonSchema>> }): CellFormat {
  const { labels } = propertyHints(property);
  const format = typedFormat({ property, siblings });
  return labels ? { ...format, labels } : format;
}

function typedFormat({ property, siblings }: { property: JsonSchema; siblings: Readonly<Record<string, JsonSchema>> }): CellFormat {
  const hinted = hintedFormat({ property, siblings });
  if (hinted) return hinted;
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  if (Array.isArray(property.enum)) return { kind: 'badge', options: property.enum.map(String) };
  if (type === 'boolean') return { kind: 'boolean' };
  if (type === 'string' && (property.format === 'date-time' || property.format === 'date')) return { kind: 'date' };
  if (type === 'number' || type === 'integer') {
    const currencyField = CURRENCY_FIELD in siblings ? CURRENCY_FIELD : undefined;
    if (type === 'number' && currencyField) return { kind: 'money', currencyField };
    return type === 'integer' ? { kind: 'count' } : { kind: 'number' };
  }
  return { kind: 'text' };
}

/** The format `x-ui.format` names, if any. */
function hintedFormat({ property, siblings }: { property: JsonSchema; siblings: Readonly<Record<string, JsonSchema>> }): CellFormat | undefined {
  const { format, options } = propertyHints(property);
  switch (format) {
    case undefined:
      return undefined;
    case 'badge':
      return { kind: 'badge', options: options ?? (Array.isArray(property.enum) ? property.enum.map(String) : []) };
    case 'money':
      return { kind: 'money', currencyField: CURRENCY_FIELD in siblings ? CURRENCY_FIELD : undefined };
    default:
      return { kind: format };
  }
}

// Lists read as words; other structured values (a database's json fields) as JSON.
const textOf = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
};

// Each entry as "key: value" in the object's order, a yes/no as Yes/No, empty values left out.
const keyValueText = (value: unknown): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return textOf(value);
  return Object.entries(value)
    .filter(([, entry]) => entry !== undefined && entry !== null && entry !== '')
    .map(([key, entry]) => `${key}: ${typeof entry === 'boolean' ? (entry ? 'Yes' : 'No') : textOf(entry)}`)
    .join('; ');
};

/** The value as shown; missing values show as an empty string. */
export function formatCell({ format, value, row }: { format: CellFormat; value: unknown; row?: Readonly<Record<string, unknown>> }): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string' && format.labels && Object.hasOwn(format.labels, value)) return format.labels[value];
  switch (format.kind) {
    case 'date':
      return formatDate(String(value));
    case 'date-time':
      return formatDateTime(String(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'money': {
      const currency = format.currencyField ? row?.[format.currencyField] : undefined;
      return money(Number(value), typeof currency === 'string' && currency ? currency : DEFAULT_CURRENCY);
    }
    case 'count': {
      // A list counts its items (a collection's fields).
      const amount = Array.isArray(value) ? value.length : Number(value);
      return Math.abs(amount) >= ABBREVIATE_FROM ? abbreviate(amount) : formatNumber(amount);
    }
    case 'number':
      return formatNumber(Number(value));
    case 'bytes':
      return formatBytes(Number(value));
    case 'relative-time':
      return formatRelativeTime({ value: String(value) });
    case 'plain-text':
      return plainText(textOf(value));
    case 'key-value':
      return keyValueText(value);
    default:
      return textOf(value);
  }
}
