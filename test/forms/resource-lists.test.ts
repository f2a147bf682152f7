// The pure parts of lists that answer every record at once: paging, sorting and searching in the
// browser, and the whole-list save (the list sent after one popup, its field errors by position).
import { rowActionsOf, rowsOf, totalOf } from '../../forms/resource/description';
import { pageLocally } from '../../forms/resource/local-page';
import { failureAt, listWith } from '../../forms/resource/whole-list';
import { ApiError } from '../../forms/server-errors';

const coupons = [
  { code: 'SPRING', uses: 12, name: 'Spring sale' },
  { code: 'AUTUMN', uses: 3, name: 'Autumn' },
  { code: 'WINTER', uses: 40, name: 'Winter deal' },
  { code: 'SUMMER', uses: 7, name: 'Summer sale' },
];

describe('pageLocally', () => {
  it.each([
    ['the first page as listed', { page: 1, limit: 2 }, ['SPRING', 'AUTUMN'], 4],
    ['the second page', { page: 2, limit: 3 }, ['SUMMER'], 4],
    ['numbers sorted descending', { page: 1, limit: 10, sort: { field: 'uses', direction: 'desc' as const } }, ['WINTER', 'SPRING', 'SUMMER', 'AUTUMN'], 4],
    ['text sorted ascending', { page: 1, limit: 10, sort: { field: 'code', direction: 'asc' as const } }, ['AUTUMN', 'SPRING', 'SUMMER', 'WINTER'], 4],
    ['a case-insensitive search, counted', { page: 1, limit: 1, search: { field: 'name', text: ' SALE ' } }, ['SPRING'], 2],
    ['an exact search', { page: 1, limit: 10, search: { field: 'code', text: 'spring', exact: true } }, [], 0],
    ['an empty search', { page: 1, limit: 10, search: { field: 'code', text: '  ' } }, ['SPRING', 'AUTUMN', 'WINTER', 'SUMMER'], 4],
  ])('answers %s', (_name, query, codes, total) => {
    const page = pageLocally({ rows: coupons, query });
    expect(page.docs.map((c) => c.code)).toEqual(codes);
    expect(page.total).toBe(total);
  });

  it('leaves the loaded list in its order', () => {
    pageLocally({ rows: coupons, query: { page: 1, limit: 10, sort: { field: 'uses', direction: 'asc' } } });
    expect(coupons[0].code).toBe('SPRING');
  });
});

describe('list answers', () => {
  it.each([
    ['a page of docs', { docs: [1, 2], total: 9 }, [1, 2], 9],
    ['a page of items', { items: [1], total: 3 }, [1], 3],
    ['a plain array', [1, 2, 3], [1, 2, 3], 3],
  ])('reads the records and the total of %s', (_name, answer, rows, total) => {
    expect(rowsOf(answer)).toEqual(rows);
    expect(totalOf(answer)).toBe(total);
  });
});

describe('whole-list save', () => {
  const inputs = [{ name: 'seats', value: 1 }, { name: 'storage', value: 2 }];

  it('adds the popup values at the end, or lays them over the edited element', () => {
    expect(listWith({ inputs, values: { name: 'support', value: 0 } })).toEqual([...inputs, { name: 'support', value: 0 }]);
    expect(listWith({ inputs, at: 1, values: { value: 5 } })).toEqual([inputs[0], { name: 'storage', value: 5 }]);
  });

  it('keeps only the edited element field errors, under their own names', () => {
    const thrown = new ApiError({ message: 'Invalid', fieldErrors: { '1.name': 'Feature names must be unique', '0.name': 'Other', '10.name': 'Far' }, status: 400 });
    expect(failureAt({ thrown, at: 1 })).toMatchObject({ message: 'Invalid', fieldErrors: { name: 'Feature names must be unique' } });
    expect(failureAt({ thrown }).fieldErrors).toEqual({});
  });

  it('offers edit and delete on a list saved whole', () => {
    expect(rowActionsOf({ saveAll: {} }).map((a) => a.id)).toEqual(['edit', 'delete']);
  });
});
