// Count labels whose noun agrees with the number: '1 Document found', '2 Documents found'.
// One helper for every screen, so no label hand-rolls its own `=== 1 ? '' : 's'`.
import { formatNumber } from './format-number';

/** A text in its singular and plural forms; `{n}` in either stands for the count. */
export type PluralText = { one: string; other: string };

// English CLDR rules: 'one' for exactly 1, 'other' for 0, 2, 1.5...
const rules = new Intl.PluralRules('en-US');

/** The form that agrees with `count`. */
export const pluralForm = ({ count, text }: { count: number; text: PluralText }): string => (rules.select(count) === 'one' ? text.one : text.other);

/** The text for `count`, its `{n}` filled with the count in thousands separators (spec 001 section 5). */
export const countText = ({ count, text }: { count: number; text: PluralText }): string => pluralForm({ count, text }).replace(/\{n\}/g, formatNumber(count));

/** '1 document', '1,234 documents' (the plural adds an s unless given). */
export const countOf = ({ count, one, other = `${one}s` }: { count: number; one: string; other?: string }): string => countText({ count, text: { one: `{n} ${one}`, other: `{n} ${other}` } });
