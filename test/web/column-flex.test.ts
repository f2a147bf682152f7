// The table's width is shared in proportion to what each column holds (issue 27: a name was cut
// to "jon user 480..." while a Yes/No column beside it had free room).
import type { ColDef } from 'ag-grid-community';
import { actionsWidthFor, withContentFlex } from '../../web/src/components/data-table/column-flex';

type Row = { name: string; active: boolean; count: number; tags?: string[]; created?: string };

const rows: Row[] = [
  { name: 'jon user 480 with a long display name', active: true, count: 3 },
  { name: 'ann', active: false, count: 12_345, created: '2026-11-26T10:11:12.345Z' },
];

const flexOf = (columns: ColDef<Row>[], field: string): number | null | undefined => withContentFlex({ columns, rows }).find((c) => c.field === field)?.flex;

const CASES: [string, ColDef<Row>[], string, number | undefined][] = [
  ['a long text column gets a share as long as its longest value', [{ field: 'name', headerName: 'Name' }], 'name', 41],
  ['a Yes/No column gets the least share', [{ field: 'active', headerName: 'Active' }], 'active', 10],
  ['a title longer than the values counts by its longest word (titles wrap)', [{ field: 'count', headerName: 'Documents imported' }], 'count', 13],
  ['a column with its own width keeps it, with no flex', [{ field: 'name', width: 200 }], 'name', undefined],
  ['a column with its own flex keeps it', [{ field: 'name', flex: 2 }], 'name', 2],
  ['a list value counts as nothing, so the title decides', [{ field: 'tags', headerName: 'Tags' }], 'tags', 10],
  ['a stored time counts as the date it is shown as', [{ field: 'created', headerName: 'Joined' }], 'created', 14],
];

it.each(CASES)('%s', (_what, columns, field, flex) => {
  expect(flexOf(columns, field)).toBe(flex);
});

it('caps a very long value at 40 characters of share, plus the padding', () => {
  expect(withContentFlex<Row>({ columns: [{ field: 'name' }], rows: [{ name: 'x'.repeat(500), active: true, count: 1 }] })[0].flex).toBe(44);
});

it('gives the name more of the width than the Yes/No column beside it', () => {
  const [name, active] = withContentFlex<Row>({ columns: [{ field: 'name', headerName: 'Name' }, { field: 'active', headerName: 'Active' }], rows });
  expect((name.flex ?? 0) / (active.flex ?? 1)).toBeGreaterThan(4);
});

// Issue 37: at 1440 px the documents table (7 columns at 120 px each beside 272 px of actions) ran
// 44 px wider than its 1068 px, so it scrolled and cut the created date to "12/01/20".
describe('the documents table at 1440 px', () => {
  type Doc = { title: string; price: number; category: string; inStock: boolean; releaseDate: string; website: string; created: string };
  const docs: Doc[] = [
    { title: 'Stoneware vase set', price: 1250, category: 'furniture', inStock: true, releaseDate: '2025-06-15', website: 'https://shop.example/products/stoneware-vase-set', created: '2026-12-01T01:56:35.298Z' },
    { title: 'Bamboo lamp', price: 38, category: 'lighting', inStock: false, releaseDate: '2025-05-15', website: 'https://shop.example/products/bamboo-lamp', created: '2026-12-01T01:56:35.298Z' },
  ];
  const titles: Array<[keyof Doc, string]> = [['title', 'Title'], ['price', 'Price'], ['category', 'Category'], ['inStock', 'In stock'], ['releaseDate', 'Release date'], ['website', 'Website'], ['created', 'Created']];
  const columns = withContentFlex<Doc>({ columns: titles.map(([field, headerName]) => ({ field, headerName })), rows: docs });
  const minOf = (field: keyof Doc) => columns.find((column) => column.field === field)?.minWidth ?? 0;
  const flexOf = (field: keyof Doc) => columns.find((column) => column.field === field)?.flex ?? 0;
  const TABLE_PX = 1068;
  const actions = actionsWidthFor(['Edit', 'Duplicate', 'Delete']);

  it('gives the row actions what their three buttons measure (208 px, two gaps, the padding), not 272 px', () => {
    expect(actions).toBeGreaterThanOrEqual(208 + 8 + 26);
    expect(actions).toBeLessThanOrEqual(256);
  });

  it('fits every column\'s least width and the actions in the table, so nothing scrolls sideways', () => {
    expect(columns.reduce((sum, column) => sum + (column.minWidth ?? 0), 0) + actions).toBeLessThanOrEqual(TABLE_PX);
  });

  it('never cuts a date: its least width holds "12/01/2026" (10 digits and slashes, 89 px at 14 px) and the padding', () => {
    for (const field of ['created', 'releaseDate'] as const) expect(minOf(field)).toBeGreaterThanOrEqual(89 + 26);
  });

  it('never cuts an amount as shown ("1,250") nor breaks a word of a title beside its sort arrow ("In stoc k")', () => {
    expect(minOf('price')).toBeGreaterThanOrEqual(5 * 9 + 26);
    expect(minOf('inStock')).toBeGreaterThanOrEqual('stock'.length * 9 + 26 + 16);
    expect(minOf('created')).toBeGreaterThanOrEqual('Created'.length * 9 + 26 + 16);
  });

  it('gives the title more of the room than the web address, which is read by its start', () => {
    expect(flexOf('title')).toBeGreaterThanOrEqual(flexOf('website') * 2);
  });
});
