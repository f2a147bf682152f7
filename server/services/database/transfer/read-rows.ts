// Reads an import file as a stream, one row at a time: CSV through csv-parse, a JSON array
// through stream-json, NDJSON line by line. Only the rows in flight are in memory. A row that
// cannot be read is yielded as a problem (the import goes on); a file that cannot be read on
// throws UnreadableFileError.
import { createInterface } from 'node:readline';
import { pipeline, Transform } from 'node:stream';
import type { Readable, TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import type { CsvError, Info } from 'csv-parse';
import StreamArray from 'stream-json/streamers/StreamArray';
import type { ImportFormat } from '../../../../rules/database-transfer';
import { IMPORT_MAX_BYTES, importTooBig } from '../../../../rules/database-transfer';

export type RowRead = { row: number; input: Record<string, unknown> } | { row: number; problem: string };

export const NOT_AN_OBJECT = 'Each document must be a JSON object';
const MAX_CSV_RECORD_BYTES = 1024 * 1024;

/** The file stops being readable at `row` (the rows before it were read). */
export class UnreadableFileError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Passes the bytes through, failing once more than the import's limit went by. */
function byteLimit(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      done(seen > IMPORT_MAX_BYTES ? new Error(importTooBig()) : null, chunk);
    },
  });
}

/**
 * The body through the byte limit, then into `parser` when given; an error anywhere reaches whoever
 * reads the result. The body itself is piped, not put in the pipeline, so that stopping early
 * leaves the request open for the answer.
 */
function limited(body: Readable): Transform {
  const counted = body.pipe(byteLimit());
  const abort = (err?: Error): void => void counted.destroy(err ?? new Error('The upload was interrupted'));
  body.once('error', abort).once('aborted', () => abort());
  return counted;
}
function through<T extends NodeJS.ReadWriteStream>(body: Readable, parser: T): T {
  pipeline(limited(body), parser, () => undefined);
  return parser;
}

/** csv-parse's message without its long explanation: "Invalid Closing Quote: got ..." -> "Invalid Closing Quote". */
const shortCsvReason = (err: CsvError): string => `This row cannot be read as CSV (line ${String((err as CsvError & { lines?: number }).lines ?? '?')}): ${err.message.split(':')[0]}`;

async function* csvRows(body: Readable): AsyncGenerator<RowRead> {
  const skipped: RowRead[] = [];
  let columns = 0;
  const parser = through(
    body,
    parse({
      bom: true,
      columns: (header: string[]) => {
        columns = header.length;
        return header.map((name) => name.trim());
      },
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      max_record_size: MAX_CSV_RECORD_BYTES,
      info: true,
      on_skip: (err: CsvError | undefined) => {
        if (err) skipped.push({ row: ((err as CsvError & { records?: number }).records ?? 0) + 1, problem: shortCsvReason(err) });
      },
    }),
  );
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: Info & { error?: { code: string } } }>) {
      row = info.records;
      while (skipped.length > 0 && skipped[0].row < row) yield skipped.shift() as RowRead;
      yield info.error?.code === 'CSV_RECORD_INCONSISTENT_COLUMNS'
        ? { row, problem: `This row has ${Object.keys(record).length < columns ? 'fewer' : 'more'} cells than the header has columns` }
        : { row, input: record };
    }
  } catch (err) {
    throw new UnreadableFileError(row + 1, (err as Error).message.split(':')[0]);
  }
  yield* skipped;
}

async function* jsonArrayRows(body: Readable): AsyncGenerator<RowRead> {
  let row = 0;
  try {
    for await (const { key, value } of through(body, StreamArray.withParser()) as AsyncIterable<{ key: number; value: unknown }>) {
      row = key + 1;
      yield isObject(value) ? { row, input: value } : { row, problem: NOT_AN_OBJECT };
    }
  } catch (err) {
    throw new UnreadableFileError(row + 1, `This file cannot be read as a JSON array: ${(err as Error).message}`);
  }
}

async function* ndjsonRows(body: Readable): AsyncGenerator<RowRead> {
  let row = 0;
  try {
    for await (const line of createInterface({ input: limited(body), crlfDelay: Infinity })) {
      row += 1;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        yield { row, problem: 'This line is not valid JSON' };
        continue;
      }
      yield isObject(value) ? { row, input: value } : { row, problem: NOT_AN_OBJECT };
    }
  } catch (err) {
    throw new UnreadableFileError(row + 1, (err as Error).message);
  }
}

export function readRows({ body, format }: { body: Readable; format: ImportFormat }): AsyncGenerator<RowRead> {
  if (format === 'csv') return csvRows(body);
  return format === 'json' ? jsonArrayRows(body) : ndjsonRows(body);
}
