// Times as how long ago they were ("3 hours ago", "in 2 days"), for lists where the date alone
// says little (last seen, last delivery). English, as every other text of the product.

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60], ['minute', 60], ['hour', 24], ['day', 30], ['month', 12], ['year', Number.POSITIVE_INFINITY],
];

const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '2026-03-05T20:10:00Z' seen at 23:10 -> '3 hours ago'; anything that is not a date is returned as given. */
export function formatRelativeTime({ value, now = Date.now() }: { value: string | number | Date; now?: number }): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return String(value);
  let amount = (time - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return words.format(Math.round(amount), unit);
    amount /= size;
  }
  return words.format(Math.round(amount), 'year');
}
