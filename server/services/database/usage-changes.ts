// The changes a usage version records, and how the versions of a chain add up. A version holds
// its changes as data (what they add, the limits a growth is judged against, or a reset), so
// anyone reading the chain judges each change the same way: a version written without knowing
// the one before it (usage-versions.ts, after losing a race) is complete all the same.

export interface Usage {
  documents: number;
  bytes: number;
}

/** Adds `add` (either part may be negative); refused when it grows a part past `limits`. Or sets both to zero. */
export type UsageChange = { add: Usage; limits?: Usage } | { reset: true };

/** What a change did: the usage after it, or refused, with the usage it was judged against. */
export type Verdict = { usage: Usage } | { refused: Usage };

/** One version as the chain's readers need it. */
export interface StoredVersion {
  seq: number;
  /** Absent on versions stored before changes were recorded. */
  changes?: UsageChange[];
  /** The usage after the version; absent when its writer did not know the one before. */
  documents?: number;
  bytes?: number;
}

export const ZERO: Usage = { documents: 0, bytes: 0 };

function grownPast({ after, add, limits }: { after: Usage; add: Usage; limits: Usage }): boolean {
  return (add.documents > 0 && after.documents > limits.documents) || (add.bytes > 0 && after.bytes > limits.bytes);
}

/** Applies the changes in order to `usage`; a refused change is left out. */
export function judge({ usage, changes }: { usage: Usage; changes: UsageChange[] }): { usage: Usage; verdicts: Verdict[] } {
  let current = usage;
  const verdicts = changes.map((change): Verdict => {
    if ('reset' in change) {
      current = ZERO;
      return { usage: current };
    }
    const after = { documents: current.documents + change.add.documents, bytes: current.bytes + change.add.bytes };
    if (change.limits && grownPast({ after, add: change.add, limits: change.limits })) return { refused: current };
    current = after;
    return { usage: current };
  });
  return { usage: current, verdicts };
}

/** The usage a version holds, when its writer knew the one before. */
export const storedUsage = ({ documents, bytes }: StoredVersion): Usage | undefined => (documents !== undefined && bytes !== undefined ? { documents, bytes } : undefined);

/** The usage a version leaves: as stored, or its changes applied to the usage before it. */
function usageAfter({ before, version }: { before: Usage; version: StoredVersion }): Usage {
  return storedUsage(version) ?? judge({ usage: before, changes: version.changes ?? [] }).usage;
}

/** The usage after the last of `versions` (in seq order, with none missing), from the usage after `fromSeq`. */
export function foldVersions({ fromSeq, usage, versions }: { fromSeq: number; usage: Usage; versions: StoredVersion[] }): Usage {
  return versions.reduce((before, version, i) => {
    if (version.seq !== fromSeq + i + 1) throw new Error(`Usage version ${fromSeq + i + 1} is missing`);
    return usageAfter({ before, version });
  }, usage);
}

/** Where a reader starts adding up the newest versions (newest first): the newest one whose usage is stored. */
export const storedUsageAt = (newestFirst: StoredVersion[]): number => newestFirst.findIndex((version) => storedUsage(version) !== undefined);
