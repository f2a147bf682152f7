// How the table's width is shared: each column in proportion to what it holds on the page shown
// (its longest value as shown, or the longest word of its title, which wraps), between MIN_SHARE
// and MAX_SHARE characters, plus its padding. A long name then gets the room a Yes/No column does not need, and the
// columns still fill the width exactly (flex), so no list scrolls sideways (issue 27,
// docs/resource-screens.md). A column given its own width or flex keeps it.
import type { ColDef } from 'ag-grid-community';

const MIN_SHARE = 6;
const MAX_SHARE = 40;
/** A cell's padding, in characters: every column needs it whatever it holds. */
const PADDING = 4;
/** A stored time is shown as its date (rules/format-date.ts): '11/26/2026'. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const SHOWN_DATE = 10;

const lengthOf = (value: unknown): number => {
  if (typeof value === 'string') return ISO_TIME.test(value) ? SHOWN_DATE : value.length;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value).length : 0;
};

const longestWord = (title: string): number => Math.max(0, ...title.split(/\s+/).map((word) => word.length));

export function withContentFlex<Row>({ columns, rows }: { columns: ColDef<Row>[]; rows: ReadonlyArray<Row> }): ColDef<Row>[] {
  return columns.map((column) => {
    if (column.width !== undefined || column.flex !== undefined || typeof column.field !== 'string') return column;
    const field = column.field;
    const longest = rows.reduce((most, row) => Math.max(most, lengthOf((row as Record<string, unknown>)[field])), longestWord(column.headerName ?? field));
    return { ...column, flex: Math.min(MAX_SHARE, Math.max(MIN_SHARE, longest)) + PADDING };
  });
}
