// A document in openapi/ that cannot work as written (a declaration naming an unknown option or
// collection, a key defined twice, a YAML mistake): `npm run generate` and the dev loop print
// its one-line message, which names the schema or file and what to change, without a stack
// (scripts/generate.ts). Anything else thrown is a bug of ours and keeps its stack.
export class OpenApiRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiRefusal';
  }
}

/** The words after "unknown option x": the likely one when a known key is one slip away, else them all. */
export function knownKeysHint({ key, known }: { key: string; known: readonly string[] }): string {
  const near = key.length <= 64 && known.find((one) => key.startsWith(one) || one.startsWith(key) || editDistance(key.toLowerCase(), one.toLowerCase()) <= 2);
  return near ? `did you mean ${near}?` : `one of ${known.join(', ')}`;
}

// Keys are short (a few dozen characters at most), so the quadratic table stays small.
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
