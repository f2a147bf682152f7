// One line of the bench table: what was measured, its value and unit, and the bar it is held
// to. Its own module so that run.ts and the bench modules do not import each other.
export interface BenchRow {
  name: string;
  /** What the value is, plainly: the quantity, how it was taken, under what load. */
  measures: string;
  value: number;
  unit: string;
  /** A reference measured in the same run and the same unit (the machine is shared). */
  floor?: number;
  /** The bar the value must meet: at least (throughputs) or at most (times, sizes). */
  target?: { atLeast: number } | { atMost: number };
}

export const passes = (row: BenchRow): boolean | undefined => {
  if (!row.target) return undefined;
  return 'atLeast' in row.target ? row.value >= row.target.atLeast : row.value <= row.target.atMost;
};

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
