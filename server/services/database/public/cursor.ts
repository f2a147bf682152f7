// Cursors of the public document lists: an opaque, signed position "after this row" in one list's
// order (docs/public-data-api.md, "Filters, sorting, paging"). The order always ends with _id, so
// no two rows tie and a page never repeats or skips a row that was there when the list began.
// Signed with a key derived from the session secret, which every instance shares: a cursor made
// by one instance is read by another. A cursor this list never gave (forged, edited, or another
// list's) names no page of it: 404, like a document id nobody has.
import { createHmac, createSecretKey, hash, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { AppError } from '../../../http/errors';
import type { Filter, SortSpec } from '../../../storage/port';
import type { DbDocument } from '../model';

export const CURSOR_MESSAGES = {
  invalid: 'The cursor is not valid',
  otherList: 'The cursor belongs to another query or sort',
};

/** Longest cursor answered (the parameter's maxLength): a row whose sort values are longer pages by page only. */
export const CURSOR_MAX_LENGTH = 2000;

/** Fields every document has: their missing value needs no place in the order. */
const ALWAYS_SET = new Set(['_id', '_created', '_updated']);

type SortValue = string | number | boolean | null;

interface Position {
  /** The list it belongs to: collection, filter and order, hashed. */
  list: string;
  /** The page number the cursor opens (for the answer's `page`). */
  page: number;
  /** The last row's values of the order's fields, _id last. */
  values: SortValue[];
}

export interface ListBinding {
  secret: string;
  collectionId: string;
  filter: Filter;
  sort: SortSpec;
}

/** The order with _id as its last key (in the direction of the key before it). */
export function withTiebreak(sort: SortSpec): SortSpec {
  if ('_id' in sort) return sort;
  const directions = Object.values(sort);
  return { ...sort, _id: directions[directions.length - 1] ?? 1 };
}

/**
 * Hashes and signatures already made, by their input: a list's first pages are asked for again and
 * again (a feed polled, the bench's newest 20), and their cursors stay the same until the rows
 * change. A pure function's results, so instances keep their own. Bounded: the oldest go first.
 */
const MAX_REMEMBERED = 1000;
const remembered = (): ((key: string, make: () => string) => string) => {
  const made = new Map<string, string>();
  return (key, make) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make();
      if (made.size >= MAX_REMEMBERED) made.delete(made.keys().next().value ?? '');
      made.set(key, value);
    }
    return value;
  };
};
const listHashes = remembered();
const signatures = remembered();

const listHash = ({ collectionId, filter, sort }: Omit<ListBinding, 'secret'>): string => {
  const text = JSON.stringify([collectionId, filter, sort]);
  return listHashes(text, () => hash('sha256', text, 'base64url').slice(0, 22));
};

/** The secret as a key object, made once: an HMAC keyed by one costs about a third less than by the text. */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    // One secret per server; a test may make a few.
    if (keys.size >= 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

const signature = ({ secret, payload }: { secret: string; payload: string }): string => createHmac('sha256', keyOf(secret)).update(`nindo-data-cursor:${payload}`).digest('base64url');

/** Only the cursors this instance makes are remembered: a payload a caller sends never fills the memory. */
const signatureOfOwn = (input: { secret: string; payload: string }): string => signatures(`${input.secret.length}:${input.secret}${input.payload}`, () => signature(input));

const invalid = (message: string): AppError => new AppError(404, message, { 'query.cursor': message });

const isSortValue = (value: unknown): value is SortValue => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function isPosition(value: unknown): value is Position {
  const p = value as Partial<Position> | null;
  return typeof p === 'object' && p !== null && typeof p.list === 'string' && Number.isInteger(p.page) && (p.page ?? 0) > 1 && Array.isArray(p.values) && p.values.every(isSortValue);
}

/** The cursor after `last`, or null when a sort value cannot go in one (an array, an object, a very long text). */
export function makeCursor({ binding, last, page }: { binding: ListBinding; last: DbDocument; page: number }): string | null {
  const values = Object.keys(binding.sort).map((field) => last[field] ?? null);
  if (!values.every(isSortValue)) return null;
  const payload = Buffer.from(JSON.stringify({ list: listHash(binding), page, values } satisfies Position)).toString('base64url');
  const cursor = `${payload}.${signatureOfOwn({ secret: binding.secret, payload })}`;
  return cursor.length <= CURSOR_MAX_LENGTH ? cursor : null;
}

/** The cursor's page and the filter of the rows after it; 400 when it was not made by us for this very list. */
export function readCursor({ binding, cursor }: { binding: ListBinding; cursor: string }): { page: number; after: Filter } {
  const [payload, signed, extra] = cursor.split('.');
  if (!payload || !signed || extra !== undefined) throw invalid(CURSOR_MESSAGES.invalid);
  const expected = Buffer.from(signature({ secret: binding.secret, payload }), 'base64url');
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid(CURSOR_MESSAGES.invalid);
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid(CURSOR_MESSAGES.invalid);
  }
  const fields = Object.keys(binding.sort);
  if (!isPosition(position) || position.values.length !== fields.length) throw invalid(CURSOR_MESSAGES.invalid);
  if (position.list !== listHash(binding)) throw invalid(CURSOR_MESSAGES.otherList);
  return { page: position.page, after: afterFilter({ sort: binding.sort, values: position.values }) };
}

/**
 * Rows after `values` in `sort` (MongoDB's order: a missing or null value comes before any other):
 * equal on the keys before, then past on one key. The first key's bound comes first, so an engine
 * can seek its index there instead of walking from the list's start.
 */
export function afterFilter({ sort, values }: { sort: SortSpec; values: SortValue[] }): Filter {
  const fields = Object.keys(sort);
  const terms: Filter[] = [];
  fields.forEach((field, i) => {
    const past = pastFilter({ field, direction: sort[field], value: values[i] });
    if (!past) return;
    const equalBefore = Object.fromEntries(fields.slice(0, i).map((before, j) => [before, values[j]]));
    terms.push(Object.keys(equalBefore).length > 0 ? { $and: [equalBefore, past] } : past);
  });
  const bound = firstKeyBound({ field: fields[0], direction: sort[fields[0]], value: values[0] });
  // _id is never null, so its term is always there.
  const anyTerm: Filter = terms.length === 1 ? terms[0] : { $or: terms };
  return bound ? { $and: [bound, anyTerm] } : anyTerm;
}

function pastFilter({ field, direction, value }: { field: string; direction: 1 | -1; value: SortValue }): Filter | null {
  if (value === null) return direction === 1 ? { [field]: { $ne: null } } : null;
  if (direction === 1) return { [field]: { $gt: value } };
  return ALWAYS_SET.has(field) ? { [field]: { $lt: value } } : { $or: [{ [field]: { $lt: value } }, { [field]: null }] };
}

function firstKeyBound({ field, direction, value }: { field: string; direction: 1 | -1; value: SortValue }): Filter | null {
  if (value === null) return direction === 1 ? null : { [field]: null };
  if (direction === 1) return { [field]: { $gte: value } };
  return ALWAYS_SET.has(field) ? { [field]: { $lte: value } } : null;
}
