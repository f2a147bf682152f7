// What an `updated` entry keeps of the document before the update, so each subscription can tell
// whether the document entered or left its query (docs/public-data-api.md, "Enter and leave"): only
// the top-level fields the update changed, their values before it, and the fields it added. An
// entry stays about the size of the update, not twice the document's, and a replay from the log
// sees what a live stream saw.
import type { DbDocument } from '../model';

export interface Prior {
  /** Fields the update changed or removed, with their values before it. */
  set: Record<string, unknown>;
  /** Fields the update added (absent before it). */
  absent: string[];
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function priorOf({ before, after }: { before: DbDocument; after: DbDocument }): Prior {
  const set: Record<string, unknown> = {};
  const absent: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === undefined) {
      if (after[key] !== undefined) absent.push(key);
    } else if (!sameValue(before[key], after[key])) set[key] = before[key];
  }
  return { set, absent };
}

/** The document before the update, from the one after it and what the entry kept. */
export function previousOf({ doc, prior }: { doc: Record<string, unknown>; prior: Prior }): Record<string, unknown> {
  const added = new Set(prior.absent);
  return Object.fromEntries(Object.entries({ ...doc, ...prior.set }).filter(([key]) => !added.has(key)));
}
