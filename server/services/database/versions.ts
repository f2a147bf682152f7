// Record versions (issue 39 item 3): every stored document carries `_version`, 1 when created and
// one more at each update, so a client that read version n can write "only if it is still n"
// (If-Match on the data API, ifMatch in a batch). The check is the update's own filter, so two
// writers holding the same version cannot both win, on any engine.
import { PreconditionFailedError, ValidationError } from '../../http/errors';
import type { Filter } from '../../storage/port';
import type { DbDocument } from './model';

export const VERSION_FIELD = '_version';

/** Documents stored before versions existed have no `_version`: they read as version 1. */
export const versionOf = (doc: DbDocument): number => (typeof doc._version === 'number' ? doc._version : 1);

/** What a write may require of the record: a version, or only that it exists (`*`). */
export type Expected = number | '*';

/** Bounds a version a client sends: a JSON-safe positive integer. */
const MAX_VERSION = Number.MAX_SAFE_INTEGER;

export const IF_MATCH_MESSAGE = 'If-Match takes a version in quotes, such as "3", or *';

/**
 * An If-Match header (RFC 9110 13.1.1): `*` or one strong entity tag whose value is a version.
 * Absent: nothing is required. A weak tag (W/"3") never matches by the RFC's strong comparison, so
 * it is refused as malformed rather than silently failing every write.
 */
export function parseIfMatch(header: string | undefined): Expected | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return '*';
  const match = /^"(\d{1,16})"$/.exec(value);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(version) || version < 1 || version > MAX_VERSION) throw new ValidationError(IF_MATCH_MESSAGE, { 'If-Match': IF_MATCH_MESSAGE });
  return version;
}

/** The strong validator a read answers for the document. */
export const etagOf = (doc: DbDocument): string => `"${versionOf(doc)}"`;

/** Matches the document only at this version (version 1 also matches one stored without `_version`). */
export const atVersion = (version: number): Filter => (version === 1 ? { $or: [{ [VERSION_FIELD]: 1 }, { [VERSION_FIELD]: { $exists: false } }] } : { [VERSION_FIELD]: version });

export const withVersion = (filter: Filter, version: number | undefined): Filter => (version === undefined ? filter : { $and: [filter, atVersion(version)] });

/**
 * How an update raises the version. Pinned to the version it read, the filter makes the raise
 * exact ($set); otherwise $inc raises whatever is stored, and last write wins as before versions.
 * A document without `_version` is always pinned (an $inc there would give 1 again).
 */
export function versionStep({ current, expected }: { current: DbDocument; expected?: Expected }): { pinned?: number; raise: { $set: Record<string, number> } | { $inc: Record<string, number> } } {
  const pinned = typeof expected === 'number' ? expected : typeof current._version === 'number' ? undefined : versionOf(current);
  return pinned === undefined ? { raise: { $inc: { [VERSION_FIELD]: 1 } } } : { pinned, raise: { $set: { [VERSION_FIELD]: pinned + 1 } } };
}

/** The document an update left, from the one before it. */
export const raised = (doc: DbDocument, before: DbDocument): DbDocument => ({ ...doc, [VERSION_FIELD]: versionOf(before) + 1 });

export const STALE_MESSAGE = 'This record changed since you read it';

/** 412 with the record as it is now (`shown`: as the caller may read it). */
export const staleError = (shown: DbDocument): PreconditionFailedError => new PreconditionFailedError(STALE_MESSAGE, shown);

/** A required version the record (as read) does not have: refused before writing. */
export function checkExpected({ current, expected, show }: { current: DbDocument; expected?: Expected; show: (doc: DbDocument) => DbDocument }): void {
  if (typeof expected === 'number' && versionOf(current) !== expected) throw staleError(show(current));
}
