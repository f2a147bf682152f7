// Dashboard-only number formatting (spec 000 section 9); money and abbreviations are in rules/.

/** Storage meter: bytes shown in GB with two decimals. */
export function bytesToGb(bytes: number): number {
  return Number((bytes / 1024 ** 3).toFixed(2));
}
