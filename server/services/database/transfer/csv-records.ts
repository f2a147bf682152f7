// CSV records (RFC 4180: comma-separated, "quoted" cells with "" for a quote, line breaks inside
// quotes; \n or \r\n line ends), split a chunk at a time with the exact byte after each record,
// so that an import can read on from there. A bad record is reported and reading resumes at the
// next line: a stray quote never swallows the rows after it, and a record never grows past
// MAX_ROW_BYTES in memory.
import type { FilePosition, RowSplitter } from './file-position';
import { isBomAt, MAX_ROW_BYTES, ROW_TOO_LARGE } from './file-position';

// Read once: the byte loop below must not go through a module binding for each byte.
const MAX_BYTES = MAX_ROW_BYTES;

export type CsvRecord = ({ cells: string[] } | { problem: string }) & { end: FilePosition };

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

const enum State {
  /** At the start of a cell. */
  CellStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted cell: its end, or the first of "". */
  QuoteInQuoted,
  /** After a quoted cell's closing quote and a \r. */
  ClosedCr,
  /** The record is refused: everything up to the next line end is passed over. */
  SkipLine,
}

interface Cell {
  start: number;
  end: number;
  escaped: boolean;
}

const unreadable = (line: number, reason: string): string => `This row cannot be read as CSV (line ${line}): ${reason}`;

/** Records from `from` on (a record boundary: the file's start or a previous record's end). */
export function csvSplitter(from: FilePosition): RowSplitter<CsvRecord> {
  let state = State.CellStart;
  let offset = from.offset;
  let line = from.line;
  let row = from.row;
  // The current record: its first byte, the line it starts on, its earlier chunks' bytes, its cells so far.
  let recordStart = offset;
  let recordLine = line + 1;
  let held: Buffer[] = [];
  let cells: Cell[] = [];
  let cellStart = 0;
  let escaped = false;
  let problem: string | undefined;

  const startRecord = (at: number): void => {
    state = State.CellStart;
    recordStart = at;
    recordLine = line + 1;
    held = [];
    cells = [];
    escaped = false;
    problem = undefined;
  };

  const refuse = (reason: string): void => {
    problem ??= reason;
  };

  /** Ends the record at `end` (the line end's byte, or the file's end); blank lines are no records. */
  const endRecord = ({ bytes, end, out }: { bytes: Buffer; end: number; out: CsvRecord[] }): void => {
    const blank = problem === undefined && (bytes.length === 0 || (bytes.length === 1 && bytes[0] === CR));
    if (!blank) {
      row += 1;
      const position = { offset: end, row, line };
      if (problem !== undefined) out.push({ problem, end: position });
      else out.push({ cells: cells.map((cell) => decode(bytes, cell)), end: position });
    }
    startRecord(end);
  };

  /** A whole record without quotes at [start, lf) of the chunk. */
  const plainRecord = ({ chunk, start, lf, base, out }: { chunk: Buffer; start: number; lf: number; base: number; out: CsvRecord[] }): void => {
    line += 1;
    const next = base + lf + 1;
    const end = lf > start && chunk[lf - 1] === CR ? lf - 1 : lf;
    if (lf - start >= MAX_BYTES) {
      row += 1;
      out.push({ problem: ROW_TOO_LARGE, end: { offset: next, row, line } });
    } else if (end > start) {
      row += 1;
      out.push({ cells: chunk.toString('utf8', start, end).split(','), end: { offset: next, row, line } });
    }
    recordStart = next;
    recordLine = line + 1;
  };

  const closeCell = (start: number, end: number): void => {
    cells.push({ start, end, escaped });
    escaped = false;
  };

  const push = (chunk: Buffer, out: CsvRecord[]): void => {
    const base = offset;
    let i = 0;
    if (base === 0 && isBomAt(chunk, 0)) {
      i = 3;
      recordStart = 3;
    }
    // The record's bytes: those held from earlier chunks, then this chunk's up to `upTo`.
    const recordBytes = (upTo: number): Buffer => {
      const fromHere = chunk.subarray(Math.max(0, recordStart - base), upTo);
      return held.length === 0 ? fromHere : Buffer.concat([...held, fromHere]);
    };
    let nextQuote = chunk.indexOf(QUOTE, i);
    for (; i < chunk.length; i += 1) {
      // A record without quotes that ends in this chunk (most records): split as text, without the byte loop.
      if (state === State.CellStart && recordStart === base + i) {
        const lf = chunk.indexOf(LF, i);
        if (nextQuote !== -1 && nextQuote < i) nextQuote = chunk.indexOf(QUOTE, i);
        if (lf !== -1 && (nextQuote === -1 || nextQuote > lf)) {
          plainRecord({ chunk, start: i, lf, base, out });
          i = lf;
          continue;
        }
      }
      const byte = chunk[i];
      const rel = base + i - recordStart;
      if (byte === LF) line += 1;
      if (rel >= MAX_BYTES && state !== State.SkipLine) {
        refuse(ROW_TOO_LARGE);
        held = [];
        state = State.SkipLine;
      }
      switch (state) {
        case State.CellStart:
          if (byte === QUOTE) {
            state = State.Quoted;
            cellStart = rel + 1;
          } else if (byte === COMMA) closeCell(rel, rel);
          else if (byte === LF) {
            if (cells.length > 0 || rel > 0) closeCell(rel, rel);
            endRecord({ bytes: recordBytes(i), end: base + i + 1, out });
          } else {
            state = State.Unquoted;
            cellStart = rel;
          }
          break;
        case State.Unquoted:
          if (byte === COMMA) {
            closeCell(cellStart, rel);
            state = State.CellStart;
          } else if (byte === LF) {
            const bytes = recordBytes(i);
            closeCell(cellStart, bytes[rel - 1] === CR ? rel - 1 : rel);
            endRecord({ bytes, end: base + i + 1, out });
          } else if (byte === QUOTE) refuse(unreadable(recordLine, 'Invalid Opening Quote'));
          break;
        case State.Quoted:
          if (byte === QUOTE) state = State.QuoteInQuoted;
          break;
        case State.QuoteInQuoted:
          if (byte === QUOTE) {
            escaped = true;
            state = State.Quoted;
          } else if (byte === COMMA) {
            closeCell(cellStart, rel - 1);
            state = State.CellStart;
          } else if (byte === LF) {
            closeCell(cellStart, rel - 1);
            endRecord({ bytes: recordBytes(i), end: base + i + 1, out });
          } else if (byte === CR) {
            closeCell(cellStart, rel - 1);
            state = State.ClosedCr;
          } else {
            refuse(unreadable(recordLine, 'Invalid Closing Quote'));
            state = State.Unquoted;
          }
          break;
        case State.ClosedCr:
          if (byte === LF) endRecord({ bytes: recordBytes(i), end: base + i + 1, out });
          else {
            refuse(unreadable(recordLine, 'Invalid Closing Quote'));
            state = byte === COMMA ? State.CellStart : State.Unquoted;
          }
          break;
        case State.SkipLine:
          if (byte === LF) endRecord({ bytes: Buffer.alloc(0), end: base + i + 1, out });
          break;
      }
    }
    offset = base + chunk.length;
    if (state !== State.SkipLine && recordStart < offset) held.push(chunk.subarray(Math.max(0, recordStart - base)));
  };

  const finish = (out: CsvRecord[]): void => {
    const bytes = Buffer.concat(held);
    const rel = bytes.length;
    if (state === State.Quoted) refuse(unreadable(recordLine, 'Quote Not Closed'));
    else if (state === State.Unquoted) closeCell(cellStart, rel);
    else if (state === State.QuoteInQuoted) closeCell(cellStart, rel - 1);
    else if (state === State.CellStart && (cells.length > 0 || rel > 0)) closeCell(rel, rel);
    if (rel > 0 || cells.length > 0 || problem !== undefined) endRecord({ bytes, end: offset, out });
  };

  return { push, finish };
}

function decode(bytes: Buffer, { start, end, escaped }: Cell): string {
  const text = bytes.toString('utf8', start, end);
  return escaped ? text.replaceAll('""', '"') : text;
}
