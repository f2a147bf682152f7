// Billing periods in UTC calendar terms, one copy for purchases, plan changes, renewals and the demo.
const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = ({ from, days }: { from: Date; days: number }): Date => new Date(from.getTime() + days * DAY_MS);

/** The end of the period starting at `start`: one month (clamped to the month's last day) or one year later. */
export function periodEndAfter({ start, period }: { start: string; period: 'month' | 'year' }): string {
  const from = new Date(start);
  const months = period === 'year' ? 12 : 1;
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target.toISOString();
}

/**
 * The period a renewal due at `due` pays: the first of the chain of periods from `due` that ends
 * after `now`. A renewal late by more than a period (the server was down) charges once, for the
 * period now running; the periods missed are not charged.
 */
export function periodPaidAt({ due, period, now }: { due: string; period: 'month' | 'year'; now: Date }): { periodStart: string; periodEnd: string } {
  let periodStart = due;
  let periodEnd = periodEndAfter({ start: due, period });
  while (new Date(periodEnd) <= now) {
    periodStart = periodEnd;
    periodEnd = periodEndAfter({ start: periodStart, period });
  }
  return { periodStart, periodEnd };
}
