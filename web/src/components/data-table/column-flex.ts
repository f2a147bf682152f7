// How the table's width is shared: each column in proportion to what it holds on the page shown
// (its longest value as shown, or the longest word of its title, which wraps), between MIN_SHARE
// and MAX_SHARE characters, plus its padding. A long name then gets the room a Yes/No column does not need, and the
// columns still fill the width exactly (flex), so no list scrolls sideways (issue 27,
// docs/resource-screens.md). Each column's least width is what its short values need whole (a
// date, a price, a Yes/No), not one size for all: seven columns at 120 px beside the row actions
// scrolled the documents table sideways at 1440 px and cut its dates (issue 37). A column given
// its own width or flex keeps it.
import type { ColDef } from 'ag-grid-community';

const MIN_SHARE = 6;
const MAX_SHARE = 40;
/** A web address is read by its start and shown whole on its record: the free room goes to names. */
const URL_SHARE = MIN_SHARE;
/** A cell's padding, in characters: every column needs it whatever it holds. */
const PADDING = 4;
/** A stored time is shown as its date (rules/format-date.ts): '11/26/2026'. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const WEB_ADDRESS = /^https?:\/\//;
const SHOWN_DATE = 10;

/** Pixels of a character of the grid's 14 px text (a digit measures almost 9 px). */
const CHAR_PX = 9;
/** A cell's left and right padding and border, in pixels. */
const CELL_PX = 28;
/** Room a header keeps beside its title for the sort arrow, so a word never breaks ("In stoc k"). */
const SORT_ICON_PX = 20;
/** Values up to this many characters (dates, amounts, short words) are never cut; longer ones share the rest. */
const WHOLE_CHARS = 10;
const LEAST_PX = 64;

const lengthOf = (value: unknown): number => {
  if (typeof value === 'string') return ISO_TIME.test(value) ? SHOWN_DATE : value.length;
  // Numbers show with thousands separators (rules/format-number.ts): 1250 reads "1,250".
  if (typeof value === 'number') return value.toLocaleString('en-US').length;
  return typeof value === 'boolean' ? String(value).length : 0;
};

const shareOf = (value: unknown): number => (typeof value === 'string' && WEB_ADDRESS.test(value) ? URL_SHARE : lengthOf(value));

const longestWord = (title: string): number => Math.max(0, ...title.split(/\s+/).map((word) => word.length));

export function withContentFlex<Row>({ columns, rows }: { columns: ColDef<Row>[]; rows: ReadonlyArray<Row> }): ColDef<Row>[] {
  return columns.map((column) => {
    if (column.width !== undefined || column.flex !== undefined || typeof column.field !== 'string') return column;
    const field = column.field;
    const values = rows.map((row) => (row as Record<string, unknown>)[field]);
    const title = longestWord(column.headerName ?? field);
    const share = values.reduce<number>((most, value) => Math.max(most, shareOf(value)), title);
    const longest = values.reduce<number>((most, value) => Math.max(most, lengthOf(value)), 0);
    return {
      ...column,
      flex: Math.min(MAX_SHARE, Math.max(MIN_SHARE, share)) + PADDING,
      minWidth: column.minWidth ?? Math.max(LEAST_PX, Math.min(WHOLE_CHARS, longest) * CHAR_PX + CELL_PX, title * CHAR_PX + CELL_PX + SORT_ICON_PX),
    };
  });
}

/** A button's 13 px text, a character (measured: Edit 51 px, Duplicate 88 px, Delete 69 px). */
const BUTTON_CHAR_PX = 7.2;
const BUTTON_PADDING_PX = 24;
const BUTTON_GAP_PX = 4;

/** Pixels of the row actions column: each button's text and padding, the gaps between, the cell's padding. */
export function actionsWidthFor(labels: readonly string[]): number {
  const buttons = labels.reduce((sum, label) => sum + Math.ceil(label.length * BUTTON_CHAR_PX) + BUTTON_PADDING_PX, 0);
  return Math.max(LEAST_PX, buttons + BUTTON_GAP_PX * Math.max(0, labels.length - 1) + CELL_PX);
}
