// Sizes shown in the unit that fits (issue 27): 980 B, 212 kB, 12.5 MB, 3.2 GB. One unit system
// wherever bytes show: powers of 1024 written kB, MB, GB, as the plans' storage limits
// (100 MB = 100 * 1024^2 bytes, server/data/billing-plans.json), the media limits and the meters
// count them (issue 37: "104.86 MB" for a 100 MB plan came from dividing by 10^6).

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

const MB = 1024 ** 2;
const GB = 1024 ** 3;
/** Spec 002 section 9: a plan's storage under 1e9 bytes shows in MB, else in GB. */
const PLAN_GB_FROM = 1e9;

/** A plan's storage (cards, comparison table): 100 * 1024^2 -> "100 MB", 5 * 1024^3 -> "5 GB"; two decimals at most. */
export function formatPlanStorage(bytes: number): string {
  const [size, unit] = bytes < PLAN_GB_FROM ? [MB, 'MB'] : [GB, 'GB'];
  return `${Number((bytes / size).toFixed(2))} ${unit}`;
}
