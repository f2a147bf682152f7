// Large counts shown short (spec 000 section 9, spec 001 tables, spec 003 section 9):
// 1234 -> "1.23K", up to exa (E).

import { UNLIMITED_ABOVE } from './plan-features';

const UNITS: ReadonlyArray<[number, string]> = [[1e18, 'E'], [1e15, 'P'], [1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];

/** 1234 -> "1.23K", 5_600_000 -> "5.6M", 2e15 -> "2P"; below a thousand the number is shown as is. */
export function abbreviate(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${sign}${Number((abs / size).toFixed(2))}${unit}`;
  }
  return `${sign}${Number(abs.toFixed(2))}`;
}

/** A plan limit shown short; one above UNLIMITED_ABOVE reads 'Unlimited' (spec 003 section 9). */
export function abbreviateLimit(limit: number): string {
  return limit > UNLIMITED_ABOVE ? 'Unlimited' : abbreviate(limit);
}
