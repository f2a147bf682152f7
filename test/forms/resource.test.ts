// The pure parts of resource screens: columns and cell formats from a schema, the list query
// sent to the server, texts with placeholders.
import { cellFormatOf, formatCell } from '../../forms/resource/cell-format';
import type { CellFormat } from '../../forms/resource/cell-format';
import { resourceColumns } from '../../forms/resource/columns';
import { rowActionsOf } from '../../forms/resource/description';
import { editUiSchema } from '../../forms/resource/form-ui';
import { escapeRegex, toListParams, toSearchParam, toSortParam } from '../../forms/resource/list-query';
import { fillText } from '../../forms/resource/texts';
import type { JsonSchema } from '../../forms/schemas';
import { formatDate } from '../../rules/format-date';
import { money } from '../../rules/format-money';
import { formatNumber } from '../../rules/format-number';

const Charge: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', title: 'Charge ID' },
    amount: { type: 'number', title: 'Amount' },
    currency: { type: 'string', title: 'Currency' },
    status: { $ref: '#/components/schemas/ChargeStatus' },
    created: { type: 'string', format: 'date-time', title: 'Created' },
    installs: { type: 'integer', title: 'Installs' },
    rating: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const definitions = { Charge, ChargeStatus: { type: 'string', title: 'Status', enum: ['succeeded', 'refunded'] } };

describe('columns from a schema', () => {
  it('shows every scalar property and list of scalars, headed by its title, when the description names none', () => {
    const columns = resourceColumns({ schema: { $ref: '#/components/schemas/Charge' }, definitions });
    expect(columns.map(({ field, header }) => [field, header])).toEqual([
      ['id', 'Charge ID'],
      ['amount', 'Amount'],
      ['currency', 'Currency'],
      ['status', 'Status'],
      ['created', 'Created'],
      ['installs', 'Installs'],
      ['rating', 'Rating'],
      ['tags', 'Tags'],
    ]);
  });

  it('keeps the order the description chooses and its own header', () => {
    const columns = resourceColumns({ schema: Charge, definitions, columns: ['created', { field: 'amount', header: 'Paid' }] });
    expect(columns.map(({ field, header }) => [field, header])).toEqual([['created', 'Created'], ['amount', 'Paid']]);
  });

  it('reads a nested property by its dotted path, formatted among its own siblings', () => {
    const Subscription: JsonSchema = { type: 'object', properties: { plan: { type: 'object', properties: { name: { type: 'string' }, amount: { type: 'number' }, currency: { type: 'string' } } } } };
    const columns = resourceColumns({ schema: Subscription, definitions, columns: [{ field: 'plan.name', header: 'Plan Name' }, 'plan.amount'] });
    expect(columns).toEqual([
      { field: 'plan.name', header: 'Plan Name', format: { kind: 'text' } },
      { field: 'plan.amount', header: 'Amount', format: { kind: 'money', currencyField: 'currency' } },
    ]);
    expect(() => resourceColumns({ schema: Subscription, definitions, columns: ['plan.price'] })).toThrow('Schema has no property "plan.price"');
  });

  it('refuses a column the schema does not have', () => {
    expect(() => resourceColumns({ schema: Charge, definitions, columns: ['price'] })).toThrow('Schema has no property "price"');
  });

  it.each<[string, CellFormat]>([
    ['id', { kind: 'text' }],
    ['amount', { kind: 'money', currencyField: 'currency' }],
    ['status', { kind: 'badge', options: ['succeeded', 'refunded'] }],
    ['created', { kind: 'date' }],
    ['installs', { kind: 'count' }],
  ])('formats %s as %j', (field, format) => {
    expect(resourceColumns({ schema: Charge, definitions, columns: [field] })[0].format).toEqual(format);
  });

  it('reads money from an x-ui format hint without a currency sibling', () => {
    expect(cellFormatOf({ property: { type: 'number', 'x-ui': { format: 'money' } }, siblings: {} })).toEqual({ kind: 'money', currencyField: undefined });
    expect(cellFormatOf({ property: { type: 'number' }, siblings: {} })).toEqual({ kind: 'number' });
  });
});

describe('cell values', () => {
  it.each<[CellFormat, unknown, string, Record<string, unknown>]>([
    [{ kind: 'date' }, '2026-03-05T23:10:00.000Z', '03/05/2026', {}],
    [{ kind: 'money', currencyField: 'currency' }, 1234.5, '€1,234.50', { currency: 'eur' }],
    [{ kind: 'money', currencyField: 'currency' }, 12, '$12.00', {}],
    [{ kind: 'money' }, 0.1, '$0.10', {}],
    [{ kind: 'count' }, 999_999, '999,999', {}],
    [{ kind: 'count' }, 5_600_000, '5.6M', {}],
    [{ kind: 'count' }, 2_000_000_000, '2B', {}],
    [{ kind: 'number' }, 1234567.891, '1,234,567.89', {}],
    [{ kind: 'boolean' }, false, 'No', {}],
    [{ kind: 'badge', options: ['refunded'] }, 'refunded', 'refunded', {}],
    [{ kind: 'text' }, undefined, '', {}],
  ])('%j shows %p as %p', (format, value, shown, row) => {
    expect(formatCell({ format, value, row })).toBe(shown);
  });

  it('shows a date that does not parse as it came', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows an odd currency code after the amount', () => {
    expect(money(5, 'points')).toBe('5.00 POINTS');
  });

  it('separates thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});

describe('the list query', () => {
  it.each([
    ['ann', 'ann'],
    ['a.b*c', 'a\\.b\\*c'],
    ['(x)+[y]?', '\\(x\\)\\+\\[y\\]\\?'],
    ['$^|\\/{}', '\\$\\^\\|\\\\\\/\\{\\}'],
  ])('escapes %p as %p inside the regex', (text, escaped) => {
    expect(escapeRegex(text)).toBe(escaped);
    expect(new RegExp(escaped).test(text)).toBe(true);
  });

  it('searches case-insensitively by regex on the chosen column', () => {
    expect(JSON.parse(toSearchParam({ field: 'accountEmail', text: ' Ann.B ' }) ?? '')).toEqual({ accountEmail: { $regex: 'Ann\\.B', $options: 'i' } });
  });

  it('matches the id column exactly', () => {
    expect(JSON.parse(toSearchParam({ field: 'id', text: 'u_1.2', exact: true }) ?? '')).toEqual({ id: 'u_1.2' });
  });

  it('sends no filter for blank text', () => {
    expect(toSearchParam({ field: 'accountEmail', text: '   ' })).toBeUndefined();
  });

  it.each([
    ['asc', 1],
    ['desc', -1],
  ] as const)('sorts %s as %d', (direction, value) => {
    expect(JSON.parse(toSortParam({ field: 'created', direction }))).toEqual({ created: value });
  });

  it('puts page, limit, query and sort together as the spec encodes them', () => {
    expect(toListParams({ page: 2, limit: 20, sort: { field: 'created', direction: 'desc' }, search: { field: 'accountEmail', text: 'ann' } })).toEqual({
      page: 2,
      limit: 20,
      query: '{"accountEmail":{"$regex":"ann","$options":"i"}}',
      sort: '{"created":-1}',
    });
    expect(toListParams({ page: 1, limit: 5 })).toEqual({ page: 1, limit: 5 });
  });
});

describe('description refinements', () => {
  it('fills the subtitle template', () => {
    expect(fillText('{n} Users found', { n: 134 })).toBe('134 Users found');
    expect(fillText('{n} of {total}', { n: 1 })).toBe('1 of {total}');
  });

  it('offers edit and delete when the operations exist, unless the description names its actions', () => {
    const operation = { operationId: 'x', call: async () => ({}) };
    expect(rowActionsOf({ update: { ...operation, body: 'X' }, delete: operation }).map((a) => a.id)).toEqual(['edit', 'delete']);
    expect(rowActionsOf({ delete: operation }).map((a) => a.id)).toEqual(['delete']);
    expect(rowActionsOf({ rowActions: [{ id: 'refund', label: 'Refund' }], delete: operation }).map((a) => a.id)).toEqual(['refund']);
  });

  it('makes the fields fixed at creation read-only in the edit form', () => {
    expect(editUiSchema({ readOnly: ['couponName', 'platformCouponCode'] })).toEqual({ couponName: { 'ui:readonly': true }, platformCouponCode: { 'ui:readonly': true } });
  });
});
