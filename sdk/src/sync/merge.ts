// The default answer to a conflict (docs/sdk.md, "Offline-first sync"): a field-level three-way
// merge. A field only the local edit changed is sent again on top of the server's version; a
// field both changed keeps the server's value.
import type { NindoDocument } from '../collection.ts';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changes to send again on `remote`: those of `changes` whose field the server left as `base` had it. */
export function threeWayMerge({ base, changes, remote }: { base: NindoDocument | null; changes: Record<string, unknown>; remote: NindoDocument }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([field, value]) => !same(value, base?.[field]) && same(remote[field], base?.[field])));
}

/** The server's record already holds every change: a write sent before whose answer was lost. */
export const holdsChanges = ({ changes, remote }: { changes: Record<string, unknown>; remote: NindoDocument }): boolean => Object.entries(changes).every(([field, value]) => same(remote[field], value));
