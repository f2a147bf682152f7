// What the import's readers share: a position in a file, exact to the byte, from which reading
// can start again (a resumed import), the rows they yield, and the bound on one row's size.

/** Just after a row: the byte to read on from, the rows and (CSV) lines read before it. */
export interface FilePosition {
  offset: number;
  row: number;
  line: number;
}

export const FILE_START: FilePosition = { offset: 0, row: 0, line: 0 };

/** A row read, or why it could not be; `end` is where the next one starts. */
export type RowRead = ({ input: Record<string, unknown> } | { problem: string }) & { row: number; end: FilePosition };

/** A row (CSV record, JSON element, NDJSON line) larger than this is refused without being held. */
export const MAX_ROW_BYTES = 1024 * 1024;
export const ROW_TOO_LARGE = 'This row is larger than 1 MB';

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

/**
 * A reader that takes a file a chunk at a time: `push` appends the rows each chunk completes to
 * `out` (and may throw UnreadableFileError after appending the rows before the problem), `finish`
 * those the end of the file completes.
 */
export interface RowSplitter<T> {
  push(chunk: Buffer, out: T[]): void;
  finish(out: T[]): void;
}

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));

/**
 * The rows of a stream through a splitter, in arrays (those each chunk completed: one await per
 * chunk, not per row); the rows before an unreadable part are yielded before its error.
 */
export async function* splitRows<T>({ body, splitter }: { body: AsyncIterable<unknown>; splitter: RowSplitter<T> }): AsyncGenerator<T[]> {
  let out: T[] = [];
  try {
    for await (const chunk of body) {
      splitter.push(asBuffer(chunk), out);
      if (out.length > 0) yield out;
      out = [];
    }
    splitter.finish(out);
  } catch (err) {
    if (out.length > 0) yield out;
    throw err;
  }
  if (out.length > 0) yield out;
}

/** UTF-8's byte order mark, which a file may start with and which is no part of its text. */
export const isBomAt = (chunk: Buffer, i: number): boolean => chunk[i] === 0xef && chunk[i + 1] === 0xbb && chunk[i + 2] === 0xbf;
