// A resumed import reads on from the byte after its last stored row: for any file and any chunking,
// reading from any row's end position gives exactly the rows after it, numbered and positioned as a
// reading from the start gives them (so a resumed import neither repeats nor skips a row).
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { FILE_START, NOT_AN_OBJECT, readCsvHeader, readRows } from '../../server/services/database/transfer/read-rows';
import type { FilePosition, RowRead } from '../../server/services/database/transfer/read-rows';
import type { ImportFormat } from '../../rules/database-transfer';

const chunked = (bytes: Buffer, size: number): Readable =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));

async function rowsFrom({ file, format, from, columns, chunk }: { file: Buffer; format: ImportFormat; from: FilePosition; columns?: string[]; chunk: number }): Promise<RowRead[]> {
  const rows: RowRead[] = [];
  for await (const reads of readRows({ body: chunked(file.subarray(from.offset), chunk), format, from, columns })) rows.push(...reads);
  return rows;
}

/** Every row of the file, after checking that reading on from each row's end gives the rest. */
async function expectResumable({ file, format, chunk }: { file: Buffer; format: ImportFormat; chunk: number }): Promise<RowRead[]> {
  const header = format === 'csv' ? await readCsvHeader({ body: chunked(file, chunk) }) : null;
  if (header && 'problem' in header) throw new Error(header.problem);
  const columns = header?.columns;
  const all = await rowsFrom({ file, format, from: header?.end ?? FILE_START, columns, chunk });
  for (const [k, row] of all.entries()) {
    expect(await rowsFrom({ file, format, from: row.end, columns, chunk: chunk + 3 })).toEqual(all.slice(k + 1));
  }
  expect(all.at(-1)?.end.offset ?? file.length).toBeLessThanOrEqual(file.length);
  return all;
}

const text = fc.string({ unit: fc.constantFrom('a', 'Z', 'é', '日', ',', '"', '\n', '\r\n', ' ', '{', ']', '\\'), maxLength: 12 });
const chunkSize = fc.integer({ min: 1, max: 40 });

describe('reading on from any row', () => {
  it('CSV: quoted cells, line breaks in cells, blank lines, bad rows, either line end; good rows read back as written', async () => {
    // Each line with what reading it gives: its cells, a problem, or nothing (a blank line).
    const line = fc.oneof(
      fc.tuple(text, text).map(([name, note]) => ({ line: stringify([[name, note]]).replace(/\n$/, ''), read: { name, note } as object | null })),
      fc.constantFrom(
        { line: '', read: null },
        { line: '"x"y,1', read: { problem: expect.stringContaining('Invalid Closing Quote') } },
        { line: 'q"r,2', read: { problem: expect.stringContaining('Invalid Opening Quote') } },
        { line: 'only one cell', read: { problem: expect.stringContaining('fewer cells') } },
        { line: 'a,b,c', read: { problem: expect.stringContaining('more cells') } },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), chunkSize, async (lines, eol, bom, chunk) => {
        const file = Buffer.from(`${bom ? '\ufeff' : ''}name,note${eol}${lines.map((l) => l.line).join(eol)}`);
        const rows = await expectResumable({ file, format: 'csv', chunk });
        const expected = lines.flatMap(({ read }) => (read === null ? [] : [read]));
        expect(rows.map((row) => ('input' in row ? row.input : { problem: row.problem }))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('NDJSON: documents, blank lines and lines that are not JSON', async () => {
    const line = fc.oneof(
      fc.dictionary(text, fc.oneof(text, fc.integer())).map((doc) => JSON.stringify(doc)),
      fc.constantFrom('', '   ', 'not json', '[1]', '{"a":'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 12 }), chunkSize, async (lines, chunk) => {
        await expectResumable({ file: Buffer.from(lines.join('\n')), format: 'ndjson', chunk });
      }),
      { numRuns: 150 },
    );
  });

  it('JSON arrays: objects with nested brackets and escapes in strings, and values that are not objects', async () => {
    const element = fc.oneof(fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 }))), text, fc.integer(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.array(element, { maxLength: 12 }), fc.boolean(), chunkSize, async (elements, pretty, chunk) => {
        const rows = await expectResumable({ file: Buffer.from(JSON.stringify(elements, null, pretty ? 2 : undefined)), format: 'json', chunk });
        const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
        expect(rows.map((row) => ('input' in row ? row.input : row.problem))).toEqual(elements.map((value) => (isObject(value) ? value : NOT_AN_OBJECT)));
      }),
      { numRuns: 150 },
    );
  });
});
