// Following an app's change log in seq order. Numbers are taken by inserting (sequence.ts), and a
// number may show up after a higher one (a writer between taking and storing it, an engine whose
// reads lag) or never (a writer that died in between). A reader that went past a missing number
// would skip it forever; one that waited for it would wait forever. So the tail holds back at a
// missing number for `gapHoldMs`, then gives it up and goes on.
import type { ChangeDoc } from './model';

export interface TailPosition {
  /** The last seq handed on. */
  head: number;
  /** The first missing seq and when the tail first found it missing. */
  gap?: { seq: number; since: number };
}

/**
 * Of `entries` (after `position.head`, oldest first), those that can go out now, and the new
 * position: everything up to the first missing seq, and past it once it has been missing for
 * `holdMs`.
 */
export function takeInOrder({ entries, position, now, holdMs }: { entries: ChangeDoc[]; position: TailPosition; now: number; holdMs: number }): { ready: ChangeDoc[]; position: TailPosition } {
  const ready: ChangeDoc[] = [];
  let { head, gap } = position;
  for (const entry of entries) {
    if (entry.seq <= head) continue;
    if (entry.seq !== head + 1) {
      const missing = head + 1;
      const since = gap?.seq === missing ? gap.since : now;
      if (now - since < holdMs) return { ready, position: { head, gap: { seq: missing, since } } };
    }
    ready.push(entry);
    head = entry.seq;
    gap = undefined;
  }
  return { ready, position: { head } };
}
