// Following an app's change log in seq order. Numbers are taken by inserting (sequence.ts), and a
// number may show up after a higher one (a writer between taking and storing it, an engine whose
// reads lag, the entries of one insert stored one by one) or never (a writer that died in between).
// A reader that went past a missing number would skip it forever; one that waited for it would
// wait forever. So a reader holds back at a missing number for `gapHoldMs`, then gives it up and
// goes on; the numbers given up are remembered, so a stream reading the same stretch later (a
// catch-up) passes them at once instead of holding again.
import type { ChangeDoc } from './model';

export interface TailPosition {
  /** The last seq handed on. */
  head: number;
  /** The first missing seq and when the reader first found it missing. */
  gap?: { seq: number; since: number };
}

/** Seqs `from` to `to`, both included. */
export type SeqRange = [from: number, to: number];

/** Ranges given up kept per feed: a writer dying mid-append leaves one; past this many the oldest are forgotten (a catch-up holds once more). */
export const MAX_GIVEN_UP = 1000;

const givenUpAlready = (givenUp: SeqRange[], from: number, to: number): boolean => givenUp.some(([a, b]) => a <= from && to <= b);

/**
 * Of `entries` (after `position.head`, oldest first), those that can go out now, and the new
 * position: everything up to the first missing seq, and past it once it has been missing for
 * `holdMs` or was given up before (`givenUp`); `gaveUp` lists the ranges this call gave up.
 */
export function takeInOrder({ entries, position, now, holdMs, givenUp = [] }: { entries: ChangeDoc[]; position: TailPosition; now: number; holdMs: number; givenUp?: SeqRange[] }): {
  ready: ChangeDoc[];
  position: TailPosition;
  gaveUp: SeqRange[];
} {
  const ready: ChangeDoc[] = [];
  const gaveUp: SeqRange[] = [];
  let { head, gap } = position;
  for (const entry of entries) {
    if (entry.seq <= head) continue;
    const missing = head + 1;
    if (entry.seq !== missing && !givenUpAlready(givenUp, missing, entry.seq - 1)) {
      const since = gap?.seq === missing ? gap.since : now;
      if (now - since < holdMs) return { ready, position: { head, gap: { seq: missing, since } }, gaveUp };
      gaveUp.push([missing, entry.seq - 1]);
    }
    ready.push(entry);
    head = entry.seq;
    gap = undefined;
  }
  return { ready, position: { head }, gaveUp };
}

/** Adds ranges given up to a feed's list, keeping it bounded. */
export function rememberGivenUp({ givenUp, ranges }: { givenUp: SeqRange[]; ranges: SeqRange[] }): void {
  givenUp.push(...ranges);
  if (givenUp.length > MAX_GIVEN_UP) givenUp.splice(0, givenUp.length - MAX_GIVEN_UP);
}
