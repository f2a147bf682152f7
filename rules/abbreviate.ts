// Large counts shown short (spec 000 section 9, spec 001 tables): 1234 -> "1.23K".

const UNITS: ReadonlyArray<[number, string]> = [[1e9, 'B'], [1e6, 'M'], [1e3, 'K']];

/** 1234 -> "1.23K", 5_600_000 -> "5.6M"; below a thousand the number is shown as is. */
export function abbreviate(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${sign}${Number((abs / size).toFixed(2))}${unit}`;
  }
  return `${sign}${Number(abs.toFixed(2))}`;
}
