// The table's width is shared in proportion to what each column holds (issue 27: a name was cut
// to "jon user 480..." while a Yes/No column beside it had free room).
import type { ColDef } from 'ag-grid-community';
import { withContentFlex } from '../../web/src/components/data-table/column-flex';

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
