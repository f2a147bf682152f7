// The proration rule of a plan change (docs/billing.md, "Change plan"). The unused part of the
// current period is a credit; a new price above it is charged now and starts a new period, a
// price at or below it (a downgrade) charges nothing, refunds nothing, and keeps the paid period.

export interface ProrationInput {
  /** What the current period cost, USD. */
  currentAmount: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  /** The new variant's price for one period, USD. */
  newAmount: number;
}

export type Proration =
  | { kind: 'upgrade'; credit: number; due: number }
  | { kind: 'downgrade'; credit: number; due: 0 };

const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** The unused share of the current period's amount, to the cent. */
export function unusedCredit({ currentAmount, periodStart, periodEnd, now }: Omit<ProrationInput, 'newAmount'>): number {
  const length = periodEnd.getTime() - periodStart.getTime();
  if (length <= 0) return 0;
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), length);
  return cents((currentAmount * left) / length);
}

export function prorate(input: ProrationInput): Proration {
  const credit = unusedCredit(input);
  const due = cents(input.newAmount - credit);
  return due > 0 ? { kind: 'upgrade', credit, due } : { kind: 'downgrade', credit, due: 0 };
}
