// What the lifecycle does with a provider's answer: a decline is a 402 with the provider's text,
// an unreachable provider a 502 (nothing was charged; the same idempotency key may retry).
import { AppError, BadGatewayError } from '../../../http/errors';
import { BillingProviderError } from '../providers/port';
import type { ChargeOutcome } from '../providers/port';

export class PaymentDeclinedError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** Provider failures as HTTP errors; anything else passes through. */
export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BillingProviderError) throw err.permanent ? new PaymentDeclinedError(err.message) : new BadGatewayError(err.message);
    throw err;
  }
}

/** A charge that must be paid now (upgrades, renewals): anything else refuses the call. */
export function paidTransaction(outcome: ChargeOutcome): string {
  if (outcome.status === 'paid') return outcome.transactionId;
  if (outcome.status === 'declined') throw new PaymentDeclinedError(outcome.message);
  throw new PaymentDeclinedError('The card needs a 3-D Secure step that cannot be taken here. Please use another card.');
}
