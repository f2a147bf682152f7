// Billing periods: a month or a year from a start, in UTC calendar terms.
export function periodEnd({ start, period }: { start: Date; period: 'month' | 'year' }): Date {
  const end = new Date(start);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export const addDays = ({ start, days }: { start: Date; days: number }): Date => new Date(start.getTime() + days * 24 * 60 * 60 * 1000);
