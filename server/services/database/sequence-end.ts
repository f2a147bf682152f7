// Where a sequence kept by key ends (the change log's numbers, the usage versions), found by
// looking several keys up at once, from a number known stored: the primary key answers each
// lookup on every engine, where reading the newest entry makes FerretDB 1.x read and sort every
// entry of the sequence (it pushes neither the range nor the sort down to PostgreSQL).

export interface Bounds {
  /** The highest number seen stored. */
  taken: number;
  /** The lowest number above `taken` seen free; absent when every number looked at was stored. */
  free?: number;
}

/** Whether a number is stored; true for every number up to the end, false past it. */
export type IsStored = (seq: number) => Promise<boolean>;

/**
 * How far ahead of a stored number the first lookups look, all at once: another writer is usually
 * a few ahead, sometimes some tens, so one round trip finds the end or brackets it.
 */
const AHEAD = [1, 2, 3, 4, 5, 6, 7, 8, 16, 64, 256, 1024];
/** Numbers looked up at once between a stored one and a free one, each round narrowing the gap about eightfold. */
const SPLITS = 7;

/** Looks `seqs` up at once and narrows `bounds` by what it saw. */
async function lookUp({ seqs, bounds, isStored }: { seqs: number[]; bounds: Bounds; isStored: IsStored }): Promise<Bounds> {
  const seen = await Promise.all(seqs.map(async (seq) => ({ seq, stored: await isStored(seq) })));
  // Numbers are stored from the bottom up, so a free one seen below a stored one was taken between the lookups.
  const taken = Math.max(bounds.taken, ...seen.filter(({ stored }) => stored).map(({ seq }) => seq));
  const free = Math.min(bounds.free ?? Infinity, ...seen.filter(({ stored, seq }) => !stored && seq > taken).map(({ seq }) => seq));
  return { taken, free: Number.isFinite(free) ? free : undefined };
}

const between = ({ taken, free }: Required<Bounds>): number[] => [...new Set(Array.from({ length: SPLITS }, (_, i) => taken + Math.round(((free - taken) * (i + 1)) / (SPLITS + 1))))].filter((seq) => seq > taken && seq < free);

/**
 * From `from`, a number known stored: a stored number and a free one at most `within` apart
 * (1: the end itself), looking `ahead` first, then between. `free` is absent when even the
 * farthest number ahead was stored: the caller reads the end another way.
 */
export async function bracketEnd({ from, isStored, within, ahead = AHEAD }: { from: number; isStored: IsStored; within: number; ahead?: number[] }): Promise<Bounds> {
  let bounds = await lookUp({ seqs: ahead.map((step) => from + step), bounds: { taken: from }, isStored });
  while (bounds.free !== undefined && bounds.free - bounds.taken > within) {
    bounds = await lookUp({ seqs: between({ taken: bounds.taken, free: bounds.free }), bounds, isStored });
  }
  return bounds;
}
