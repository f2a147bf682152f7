// Sizes shown in the unit that fits (issue 27): 980 B, 212 kB, 12.5 MB, 3.2 GB. Powers of 1024,
// as the plans' storage limits (5 GB = 5 * 1024^3 bytes) and the media limits count them.

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

const rounded = (value: number): number => Number(value.toFixed(1));

/** 0 -> "0 B", 217_088 -> "212 kB", 5 * 1024^3 -> "5 GB": one decimal at most, none when whole. */
export function formatBytes(bytes: number): string {
  let value = Math.round(bytes);
  let unit = 0;
  // Up while the number, as shown, would reach 1024 (1023.96 kB reads "1 MB", not "1024 kB").
  while (unit < UNITS.length - 1 && Math.abs(rounded(value)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${rounded(value)} ${UNITS[unit]}`;
}
