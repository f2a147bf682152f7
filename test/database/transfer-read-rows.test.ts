// The import's readers: CSV (quoting, line breaks, BOM, bad rows), JSON arrays and NDJSON, each
// row numbered as the report gives it; unreadable files stop with the row where reading failed.
import { Readable } from 'node:stream';
import { readRows, UnreadableFileError, NOT_AN_OBJECT } from '../../server/services/database/transfer/read-rows';
import type { RowRead } from '../../server/services/database/transfer/read-rows';
import type { ImportFormat } from '../../rules/database-transfer';
import { fromCsvCell, toCsvCell } from '../../server/services/database/transfer/csv-cells';
import type { Field } from '../../server/services/database/model';

/** The text in small chunks, as a network would deliver it. */
const body = (text: string, chunk = 7): Readable =>
  Readable.from(Array.from({ length: Math.ceil(text.length / chunk) }, (_, i) => Buffer.from(text.slice(i * chunk, (i + 1) * chunk))));

async function readAll(text: string, format: ImportFormat): Promise<RowRead[]> {
  const rows: RowRead[] = [];
  for await (const row of readRows({ body: body(text), format })) rows.push(row);
  return rows;
}

describe('CSV rows', () => {
  it.each([
    ['a quoted comma', 'name,note\nAnn,"one, two"\n', { name: 'Ann', note: 'one, two' }],
    ['doubled quotes', 'name,note\nAnn,"say ""hi"""\n', { name: 'Ann', note: 'say "hi"' }],
    ['a line break inside quotes', 'name,note\nAnn,"line 1\nline 2"\n', { name: 'Ann', note: 'line 1\nline 2' }],
    ['CRLF line ends', 'name,note\r\nAnn,x\r\n', { name: 'Ann', note: 'x' }],
    ['a byte order mark', '\ufeffname,note\nAnn,x\n', { name: 'Ann', note: 'x' }],
    ['spaces around header names', ' name , note \nAnn,x\n', { name: 'Ann', note: 'x' }],
    ['multi-byte text cut across chunks', 'name,note\nZoë,日本語のテキスト\n', { name: 'Zoë', note: '日本語のテキスト' }],
    ['an empty quoted cell', 'name,note\nAnn,""\n', { name: 'Ann', note: '' }],
  ])('reads %s', async (_case, text, input) => {
    expect(await readAll(text, 'csv')).toEqual([{ row: 1, input }]);
  });

  it('numbers data rows from 1 after the header, skipping blank lines', async () => {
    const rows = await readAll('name\nA\n\nB\n"C\nD"\nE\n', 'csv');
    expect(rows).toEqual([
      { row: 1, input: { name: 'A' } },
      { row: 2, input: { name: 'B' } },
      { row: 3, input: { name: 'C\nD' } },
      { row: 4, input: { name: 'E' } },
    ]);
  });

  it('reports rows with too few or too many cells and reads on', async () => {
    const rows = await readAll('a,b\n1,2\n3\n4,5,6\n7,8\n', 'csv');
    expect(rows).toEqual([
      { row: 1, input: { a: '1', b: '2' } },
      { row: 2, problem: 'This row has fewer cells than the header has columns' },
      { row: 3, problem: 'This row has more cells than the header has columns' },
      { row: 4, input: { a: '7', b: '8' } },
    ]);
  });

  it('reports a row with a stray quote by its number and keeps the rows before it', async () => {
    const rows = await readAll('a,b\n1,2\n"x"y,3\n', 'csv');
    expect(rows[0]).toEqual({ row: 1, input: { a: '1', b: '2' } });
    expect(rows[1]).toMatchObject({ row: 2, problem: expect.stringContaining('This row cannot be read as CSV (line 3): Invalid Closing Quote') });
  });
});

describe('JSON and NDJSON rows', () => {
  it('reads a JSON array element by element, numbered from 1', async () => {
    expect(await readAll('[{"a":1},{"b":[1,2]}, 3]', 'json')).toEqual([
      { row: 1, input: { a: 1 } },
      { row: 2, input: { b: [1, 2] } },
      { row: 3, problem: NOT_AN_OBJECT },
    ]);
  });

  it('stops at a JSON file that is not an array, as unreadable', async () => {
    await expect(readAll('{"a":1}', 'json')).rejects.toBeInstanceOf(UnreadableFileError);
  });

  it('reads NDJSON line by line: a bad line is one failed row, blank lines are skipped but counted', async () => {
    expect(await readAll('{"a":1}\n\nnot json\n[1]\n{"a":2}\n', 'ndjson')).toEqual([
      { row: 1, input: { a: 1 } },
      { row: 3, problem: 'This line is not valid JSON' },
      { row: 4, problem: NOT_AN_OBJECT },
      { row: 5, input: { a: 2 } },
    ]);
  });
});

describe('CSV cells by field type', () => {
  const field = (type: Field['type'], validation?: Field['validation']): Field => ({ id: type, name: type, displayName: type, type, validation });

  it.each<[string, Field, string, unknown]>([
    ['a number', field('number'), '1234.5', 1234.5],
    ['a negative exponent number', field('number'), '-1e-3', -0.001],
    ['a word in a number field, left for validation', field('number'), 'twelve', 'twelve'],
    ['true', field('boolean'), 'TRUE', true],
    ['false', field('boolean'), 'false', false],
    ['JSON in a json field', field('json'), '{"a":[1]}', { a: [1] }],
    ['an array field', field('array'), '["x","y"]', ['x', 'y']],
    ['a flagged array field', field('text', { array: true }), '["x"]', ['x']],
    ['text as it is', field('text'), ' 12 ', ' 12 '],
    ['an empty cell as missing', field('text'), '', undefined],
  ])('reads %s', (_case, f, text, value) => {
    expect(fromCsvCell({ field: f, text })).toEqual(value);
  });

  it.each<[string, Field, unknown]>([
    ['a json string', field('json'), 'hello'],
    ['a json number', field('json'), 12],
    ['an array', field('array'), ['a', 'b,c']],
    ['a number', field('number'), 3.25],
    ['a boolean', field('boolean'), false],
    ['text with quotes and commas', field('text'), 'a "b", c'],
  ])('writes %s so that it reads back the same', (_case, f, value) => {
    expect(fromCsvCell({ field: f, text: toCsvCell({ field: f, value }) })).toEqual(value);
  });
});
