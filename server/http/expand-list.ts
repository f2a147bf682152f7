// A query's comma-separated list of names (`expand=a,b`), as the owner's document calls take it.

/** `expand=a,b` -> ['a', 'b']. */
export const expandList = (expand?: string): string[] =>
  (expand ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
