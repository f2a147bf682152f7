// Whether stored records break a shape change, judged on a sample: the oldest and the newest
// records of the collection (for records kept in a list of their parent, those of the oldest
// and newest parents), so a start never scans a large collection. A change no sampled
// record breaks passes; docs/operations.md says why a sample is enough for the usual case (a
// field added or narrowed affects old records, which the oldest sample holds).
import type { Collection, Doc } from '../storage/port';
import type { ShapeChange } from './shape-changes';
import type { StoredShape } from './stored-shapes';

export const SAMPLE_EACH_END = 500;

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const fits = (value: unknown, types: string[]): boolean => {
  const type = typeOf(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
};

function breaks(change: ShapeChange, record: Doc, shape: StoredShape): boolean {
  const value = record[change.field];
  if (change.kind === 'required') return value === undefined;
  if (value === undefined) return false;
  if (change.kind === 'enum') return !(shape.properties[change.field]?.enum ?? []).some((allowed) => JSON.stringify(allowed) === JSON.stringify(value));
  return !fits(value, change.to);
}

/** The records a parent keeps in its list, each under its parent's _id (the document a migration updates). */
const embeddedIn = (parent: Doc, field: string): Doc[] => {
  const list = parent[field];
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null).map((item) => ({ ...item, _id: parent._id })) : [];
};

export interface Violation {
  change: ShapeChange;
  /** The _id of one sampled record that breaks it, and how many sampled records do. */
  example: string;
  count: number;
  sampled: number;
}

export async function storedViolations({ collection, shape, changes }: { collection: Collection; shape: StoredShape; changes: ShapeChange[] }): Promise<Violation[]> {
  if (changes.length === 0) return [];
  const oldest = await collection.find({}, { sort: { _id: 1 }, limit: SAMPLE_EACH_END });
  const newest = oldest.length < SAMPLE_EACH_END ? [] : await collection.find({}, { sort: { _id: -1 }, limit: SAMPLE_EACH_END });
  const documents = [...new Map([...oldest, ...newest].map((record) => [record._id, record])).values()];
  const sample = shape.embedded ? documents.flatMap((parent) => embeddedIn(parent, shape.embedded ?? '')) : documents;
  return changes.flatMap((change) => {
    const broken = sample.filter((record) => breaks(change, record, shape));
    return broken.length > 0 ? [{ change, example: broken[0]._id, count: broken.length, sampled: sample.length }] : [];
  });
}
