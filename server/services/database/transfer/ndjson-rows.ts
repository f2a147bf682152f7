// NDJSON: one document a line, numbered by line (blank lines are counted and passed over). Split
// a chunk at a time with the byte after each line, so an import can read on from there; a line
// longer than MAX_ROW_BYTES is refused without being held.
import type { FilePosition, RowRead, RowSplitter } from './file-position';
import { isBomAt, MAX_ROW_BYTES, ROW_TOO_LARGE } from './file-position';
import { documentOf } from './json-documents';

const LF = 0x0a;

export const NOT_JSON = 'This line is not valid JSON';

export function ndjsonSplitter(from: FilePosition): RowSplitter<RowRead> {
  let offset = from.offset;
  let row = from.row;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let tooLarge = false;

  const endLine = (bytes: Buffer, end: number, out: RowRead[]): void => {
    row += 1;
    const position = { offset: end, row, line: row };
    if (tooLarge) out.push({ row, problem: ROW_TOO_LARGE, end: position });
    else {
      const text = bytes.toString('utf8').trim();
      if (text !== '') out.push({ row, ...documentOf(text, NOT_JSON), end: position });
    }
    held = [];
    heldBytes = 0;
    tooLarge = false;
  };

  const hold = (part: Buffer): void => {
    if (tooLarge) return;
    heldBytes += part.length;
    if (heldBytes > MAX_ROW_BYTES) {
      tooLarge = true;
      held = [];
    } else held.push(part);
  };

  return {
    push(chunk, out) {
      const base = offset;
      let start = base === 0 && isBomAt(chunk, 0) ? 3 : 0;
      for (let lf = chunk.indexOf(LF, start); lf !== -1; lf = chunk.indexOf(LF, start)) {
        hold(chunk.subarray(start, lf));
        endLine(held.length === 1 ? held[0] : Buffer.concat(held), base + lf + 1, out);
        start = lf + 1;
      }
      hold(chunk.subarray(start));
      offset = base + chunk.length;
    },
    finish(out) {
      if (heldBytes > 0) endLine(Buffer.concat(held), offset, out);
    },
  };
}
