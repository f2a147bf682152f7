// Reads an import file as a stream, one row at a time, from any row boundary on (a resumed
// import starts at the byte after its last stored row): CSV records by the header's columns,
// JSON array elements, NDJSON lines. Only the rows in flight are in memory. A row that cannot be
// read is yielded as a problem (the import goes on); a file that cannot be read on throws
// UnreadableFileError after the rows before it.
import type { ImportFormat } from '../../../../rules/database-transfer';
import type { FilePosition, RowRead } from './file-position';
import { FILE_START, splitRows } from './file-position';
import { csvSplitter } from './csv-records';
import type { CsvRecord } from './csv-records';
import { jsonArraySplitter } from './json-array-rows';
import { ndjsonSplitter } from './ndjson-rows';

export type { FilePosition, RowRead } from './file-position';
export { FILE_START, UnreadableFileError } from './file-position';
export { NOT_AN_OBJECT } from './json-documents';

/** The header row's names (trimmed) and where the data rows start, or why the header cannot be read. */
export type CsvHeader = { columns: string[]; end: FilePosition } | { problem: string; end: FilePosition };

/** The CSV's header, or null for a file without a row. */
export async function readCsvHeader({ body }: { body: AsyncIterable<unknown> }): Promise<CsvHeader | null> {
  for await (const [record] of splitRows({ body, splitter: csvSplitter(FILE_START) })) {
    const end = { ...record.end, row: 0 };
    return 'cells' in record ? { columns: record.cells.map((name) => name.trim()), end } : { problem: record.problem, end };
  }
  return null;
}

const cellCountProblem = (cells: number, columns: number): string =>
  `This row has ${cells < columns ? 'fewer' : 'more'} cells than the header has columns`;

function csvRow({ record, columns }: { record: CsvRecord; columns: string[] }): RowRead {
  const { end } = record;
  if ('problem' in record) return { row: end.row, problem: record.problem, end };
  const { cells } = record;
  if (cells.length !== columns.length) return { row: end.row, problem: cellCountProblem(cells.length, columns.length), end };
  const input: Record<string, unknown> = {};
  for (let i = 0; i < cells.length; i += 1) input[columns[i]] = cells[i];
  return { row: end.row, input, end };
}

async function* csvRows({ body, from, columns }: { body: AsyncIterable<unknown>; from: FilePosition; columns: string[] }): AsyncGenerator<RowRead[]> {
  for await (const records of splitRows({ body, splitter: csvSplitter(from) })) yield records.map((record) => csvRow({ record, columns }));
}

/**
 * The rows in arrays, as the chunks complete them. `body` starts at `from`; a CSV's `columns`
 * come from its header (readCsvHeader), read once.
 */
export function readRows({ body, format, from, columns = [] }: { body: AsyncIterable<unknown>; format: ImportFormat; from: FilePosition; columns?: string[] }): AsyncGenerator<RowRead[]> {
  if (format === 'csv') return csvRows({ body, from, columns });
  return splitRows({ body, splitter: format === 'json' ? jsonArraySplitter(from) : ndjsonSplitter(from) });
}
