// The import's readers: CSV (quoting, line breaks, BOM, bad rows), JSON arrays and NDJSON, each
// row numbered as the report gives it; unreadable files stop with the row where reading failed.
import { Readable } from 'node:stream';
import { FILE_START, readCsvHeader, readRows, UnreadableFileError, NOT_AN_OBJECT } from '../../server/services/database/transfer/read-rows';
import { MAX_ROW_BYTES, ROW_TOO_LARGE } from '../../server/services/database/transfer/file-position';
import type { ImportFormat } from '../../rules/database-transfer';
import { fromCsvCell, toCsvCell } from '../../server/services/database/transfer/csv-cells';
import type { Field } from '../../server/services/database/model';

/** The bytes in small chunks, as a network would deliver them (multi-byte characters cut too). */
const chunked = (bytes: Buffer, size = 7): Readable =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
const body = (text: string): Readable => chunked(Buffer.from(text));

type Row = { row: number; input: Record<string, unknown> } | { row: number; problem: string };

/** Every row of the file as the import reads it (a CSV's header first), without their positions. */
async function readAll(text: string, format: ImportFormat): Promise<Row[]> {
  const header = format === 'csv' ? await readCsvHeader({ body: body(text) }) : null;
  if (header && 'problem' in header) throw new Error(header.problem);
  const from = header?.end ?? FILE_START;
  const rows: Row[] = [];
  const rest = chunked(Buffer.from(text).subarray(from.offset));
  for await (const reads of readRows({ body: rest, format, from, columns: header?.columns })) {
    for (const { end: _end, ...row } of reads) rows.push(row as Row);
  }
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
  it('reads on after a stray quote: the rows after a bad one are neither lost nor merged into it', async () => {
    expect(await readAll('a,b\n1,2\n"x"y,3\n4,5\nq"r,6\n"s""",7\n', 'csv')).toEqual([
      { row: 1, input: { a: '1', b: '2' } },
      { row: 2, problem: 'This row cannot be read as CSV (line 3): Invalid Closing Quote' },
      { row: 3, input: { a: '4', b: '5' } },
      { row: 4, problem: 'This row cannot be read as CSV (line 5): Invalid Opening Quote' },
      { row: 5, input: { a: 's"', b: '7' } },
    ]);
  });

  it('reports a quote left open at the end of the file as its last row', async () => {
    expect(await readAll('a,b\n1,2\n3,"four\n5,6\n', 'csv')).toEqual([
      { row: 1, input: { a: '1', b: '2' } },
      { row: 2, problem: 'This row cannot be read as CSV (line 3): Quote Not Closed' },
    ]);
  });

  it('reads a last row without a line end, and empty cells at a row end', async () => {
    expect(await readAll('a,b\r\n1,\r\n"2",""', 'csv')).toEqual([
      { row: 1, input: { a: '1', b: '' } },
      { row: 2, input: { a: '2', b: '' } },
    ]);
  });
});

describe('rows larger than 1 MB', () => {
  const huge = 'x'.repeat(MAX_ROW_BYTES + 10);
  it.each<[ImportFormat, string]>([
    ['csv', `a,b\n1,2\n"${huge}",3\n4,5\n`],
    ['ndjson', `{"a":"1"}\n{"a":"${huge}"}\n{"a":"4"}\n`],
    ['json', `[{"a":"1"},{"a":"${huge}"},{"a":"4"}]`],
  ])('are refused one by one in %s, and the rows after them read', async (format, text) => {
    const rows = await readAll(text, format);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(rows[1]).toEqual({ row: 2, problem: ROW_TOO_LARGE });
    expect(rows[2]).toMatchObject({ input: { a: '4' } });
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

  it.each([
    ['an element that is not JSON', '[{"a":1},{"a":1 x}]', 2],
    ['a comma before the end', '[{"a":1},]', 2],
    ['text after the array', '[{"a":1}] [', 2],
    ['an array that never ends', '[{"a":1},{"a":', 2],
  ])('stops at %s, at the row where reading failed', async (_case, text, row) => {
    const error = await readAll(text, 'json').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect(error).toMatchObject({ row, message: expect.stringContaining('This file cannot be read as a JSON array') });
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
