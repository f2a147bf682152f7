// SQLite's ORDER BY over the values a sort expression gives (match-sets.ts keeps rows in it): NULL
// first, then numbers by value, then text by its bytes (BINARY collation over UTF-8, i.e. code
// point order), then blobs. The kept order must be the one the page's ORDER BY gives, or a page
// read from the first candidates could miss a row that sorts before them.
import type { SortSpec } from '../port';

export type SortKey = number | string | null | bigint | Buffer;

const rank = (value: SortKey): number => (value === null ? 0 : typeof value === 'number' || typeof value === 'bigint' ? 1 : typeof value === 'string' ? 2 : 3);

/** UTF-16 code units mapped so that their order is the code points': surrogates after U+FFFF. */
const codePointOrder = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);

export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const [x, y] = [a.charCodeAt(i), b.charCodeAt(i)];
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

export function compareValues(a: SortKey, b: SortKey): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return Buffer.compare(a, b);
  if (a === null || b === null || Buffer.isBuffer(a) || Buffer.isBuffer(b) || typeof a === 'string' || typeof b === 'string') return 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows [rowid, ...one key per field of `sort`] in `sort`'s order; the rowid breaks ties. */
export function compareSortKeys({ sort, a, b }: { sort: SortSpec; a: SortKey[]; b: SortKey[] }): number {
  const directions = Object.values(sort);
  for (let i = 0; i < directions.length; i += 1) {
    const order = compareValues(a[i + 1], b[i + 1]);
    if (order !== 0) return order * directions[i];
  }
  return compareValues(a[0], b[0]);
}
