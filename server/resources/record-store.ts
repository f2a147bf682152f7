// The one shape of a declared resource's records that the generic handlers use, wherever they
// are kept (records.ts: their own collection; embedded-records.ts: a list in their parent).
import type { Doc, Filter, SortSpec } from '../storage/port';

/** A record as answered: its fields with `id`. */
export type ResourceRecord = Record<string, unknown> & { id: string };

export interface RecordStore {
  find: (filter: Filter, options: { sort: SortSpec; skip?: number; limit?: number }) => Promise<ResourceRecord[]>;
  count: (filter: Filter) => Promise<number>;
  get: (id: string) => Promise<ResourceRecord | null>;
  insert: (fields: Record<string, unknown>) => Promise<ResourceRecord>;
  /** Sets the fields of `existing` (as `get` found it; one set to undefined is removed), or with `replace` makes them the whole record; null when it is gone meanwhile. */
  update: (input: { existing: ResourceRecord; fields: Record<string, unknown>; replace: boolean }) => Promise<ResourceRecord | null>;
  remove: (id: string) => Promise<boolean>;
}

export const answerOf = (doc: Doc): ResourceRecord => ({ ...doc, id: doc._id });
