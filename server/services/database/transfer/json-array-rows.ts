// A JSON array of documents, split element by element a chunk at a time with the byte after each
// element, so an import can read on from there. Each element's extent is found by its brackets
// and strings, then the element alone is parsed; one larger than MAX_ROW_BYTES is passed over
// without being held. Anything that breaks the array's own syntax stops the reading there.
import type { FilePosition, RowRead, RowSplitter } from './file-position';
import { isBomAt, MAX_ROW_BYTES, ROW_TOO_LARGE, UnreadableFileError } from './file-position';
import { rowOfValue } from './json-documents';

const enum State {
  BeforeArray,
  /** After `[`: an element or `]`. */
  FirstElement,
  /** After a comma: an element. */
  NextElement,
  InContainer,
  InString,
  InScalar,
  /** After an element: `,` or `]`. */
  AfterElement,
  AfterArray,
}

const isSpace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const cannotRead = (reason: string): string => `This file cannot be read as a JSON array: ${reason}`;

/** Elements from `from` on: the file's start, or just after an element. */
export function jsonArraySplitter(from: FilePosition): RowSplitter<RowRead> {
  let state = from.offset === 0 ? State.BeforeArray : State.AfterElement;
  let offset = from.offset;
  let row = from.row;
  let depth = 0;
  // Inside a container: within one of its strings (whose brackets do not count), after a backslash.
  let inString = false;
  let escaping = false;
  // The element being read: where it starts, its earlier chunks' bytes, whether it passed the bound.
  let elementStart = 0;
  let held: Buffer[] = [];
  let tooLarge = false;

  const fail = (at: number, reason: string): never => {
    throw new UnreadableFileError(row + 1, cannotRead(`${reason} at byte ${at}`));
  };

  const startElement = (at: number, next: State): void => {
    elementStart = at;
    held = [];
    tooLarge = false;
    depth = next === State.InContainer ? 1 : 0;
    inString = false;
    escaping = false;
    state = next;
  };

  const endElement = ({ bytes, end, out }: { bytes: Buffer; end: number; out: RowRead[] }): void => {
    row += 1;
    const position = { offset: end, row, line: row };
    state = State.AfterElement;
    if (tooLarge) return void out.push({ row, problem: ROW_TOO_LARGE, end: position });
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw new UnreadableFileError(row, cannotRead((err as Error).message));
    }
    out.push({ row, ...rowOfValue(value), end: position });
  };

  const push = (chunk: Buffer, out: RowRead[]): void => {
    const base = offset;
    const elementBytes = (upTo: number): Buffer => {
      const fromHere = chunk.subarray(Math.max(0, elementStart - base), upTo);
      return held.length === 0 ? fromHere : Buffer.concat([...held, fromHere]);
    };
    let i = base === 0 && isBomAt(chunk, 0) ? 3 : 0;
    for (; i < chunk.length; i += 1) {
      const byte = chunk[i];
      const at = base + i;
      if (!tooLarge && (state === State.InContainer || state === State.InString || state === State.InScalar) && at - elementStart >= MAX_ROW_BYTES) {
        tooLarge = true;
        held = [];
      }
      switch (state) {
        case State.BeforeArray:
          if (byte === OPEN_ARRAY) state = State.FirstElement;
          else if (!isSpace(byte)) fail(at, 'it does not start with [');
          break;
        case State.FirstElement:
        case State.NextElement:
          if (isSpace(byte)) break;
          if (byte === CLOSE_ARRAY && state === State.FirstElement) state = State.AfterArray;
          else if (OPEN.has(byte)) startElement(at, State.InContainer);
          else if (byte === QUOTE) startElement(at, State.InString);
          else if (byte === COMMA || CLOSE.has(byte)) fail(at, `unexpected ${String.fromCharCode(byte)}`);
          else startElement(at, State.InScalar);
          break;
        case State.InContainer:
          if (inString) {
            if (escaping) escaping = false;
            else if (byte === BACKSLASH) escaping = true;
            else if (byte === QUOTE) inString = false;
          } else if (byte === QUOTE) inString = true;
          else if (OPEN.has(byte)) depth += 1;
          else if (CLOSE.has(byte)) {
            depth -= 1;
            if (depth === 0) endElement({ bytes: tooLarge ? Buffer.alloc(0) : elementBytes(i + 1), end: at + 1, out });
          }
          break;
        case State.InString:
          if (escaping) escaping = false;
          else if (byte === BACKSLASH) escaping = true;
          else if (byte === QUOTE) endElement({ bytes: tooLarge ? Buffer.alloc(0) : elementBytes(i + 1), end: at + 1, out });
          break;
        case State.InScalar:
          if (byte === COMMA || byte === CLOSE_ARRAY || isSpace(byte)) {
            endElement({ bytes: tooLarge ? Buffer.alloc(0) : elementBytes(i), end: at, out });
            i -= 1;
          }
          break;
        case State.AfterElement:
          if (byte === COMMA) state = State.NextElement;
          else if (byte === CLOSE_ARRAY) state = State.AfterArray;
          else if (!isSpace(byte)) fail(at, `unexpected ${String.fromCharCode(byte)}`);
          break;
        case State.AfterArray:
          if (!isSpace(byte)) fail(at, 'text after the end of the array');
          break;
      }
    }
    offset = base + chunk.length;
    if (!tooLarge && (state === State.InContainer || state === State.InString || state === State.InScalar)) held.push(chunk.subarray(Math.max(0, elementStart - base)));
  };

  return {
    push,
    finish(out) {
      if (state === State.InScalar) endElement({ bytes: Buffer.concat(held), end: offset, out });
      if (state !== State.AfterArray) fail(offset, 'the file ends before the array does');
    },
  };
}
