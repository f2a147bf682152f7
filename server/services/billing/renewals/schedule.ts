// When renewals are charged and how dunning proceeds (docs/billing.md, "Renewals and dunning").
// A subscription is charged at its currentPeriodEnd; a failed charge is retried 1, 3 and 5 days
// after the renewal date; when the last retry fails it is past_due for a week of grace (the
// plan's features stay; Renew on the billing page pays it), then expired.
import { addDays } from '../periods';

/** Days to wait after the 1st, 2nd and 3rd failed charge of a period (day 1, 3 and 5 after the renewal date). */
export const RETRY_DELAYS_DAYS = [1, 2, 2] as const;
/** Days a past_due subscription waits for a renewal from the billing page before it expires. */
export const PAST_DUE_GRACE_DAYS = 7;
/** Longer than a provider call (the SDKs time out within a minute) plus bookkeeping. */
export const RENEWAL_LEASE_MS = 2 * 60 * 1000;
/** A provider that could not be reached is asked again this much later, without counting an attempt. */
export const UNREACHABLE_RETRY_MS = 15 * 60 * 1000;

/** What follows the `failedAttempts`-th failed charge of a period: a retry at a date, or past_due. */
export function afterFailure({ failedAttempts, now }: { failedAttempts: number; now: Date }): { status: 'retry' | 'past_due'; nextAttemptAt: string } {
  const delay = RETRY_DELAYS_DAYS[failedAttempts - 1];
  return delay === undefined
    ? { status: 'past_due', nextAttemptAt: addDays({ from: now, days: PAST_DUE_GRACE_DAYS }).toISOString() }
    : { status: 'retry', nextAttemptAt: addDays({ from: now, days: delay }).toISOString() };
}
