// Stripe's answers in the port's words: a PaymentIntent's status, a card error, a webhook event.
import type Stripe from 'stripe';
import type { ChargeOutcome, ProviderEvent } from '../port';

type Decline = Extract<ChargeOutcome, { status: 'declined' }>;

/** Declines no retry can turn into a payment; the rest (insufficient funds, a generic decline) may pass later. */
const PERMANENT_DECLINES = new Set(['expired_card', 'incorrect_number', 'invalid_number', 'stolen_card', 'lost_card', 'pickup_card', 'card_not_supported']);

export function declineOf({ code, message }: { code?: string | null; message?: string | null }): Decline {
  const reason = code || 'card_declined';
  return { status: 'declined', code: reason, message: message || 'Your card was declined.', permanent: PERMANENT_DECLINES.has(reason) };
}

/** A card error thrown by the SDK (Stripe answers 402 for a declined PaymentIntent). */
export const declineOfCardError = (err: { code?: string; decline_code?: string; message: string }): Decline =>
  declineOf({ code: err.decline_code || err.code, message: err.message });

export function outcomeOfIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'paid', transactionId: intent.id };
  if (intent.status === 'requires_action') {
    const actionUrl = intent.next_action?.redirect_to_url?.url;
    if (actionUrl) return { status: 'requires_action', transactionId: intent.id, actionUrl };
  }
  const error = intent.last_payment_error;
  return declineOf({ code: error?.decline_code || error?.code, message: error?.message });
}

const intentIdOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);

/** The events the billing records follow; any other verified event is `other`. */
export function providerEventOf(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as { id?: string; object?: string; customer?: string | { id: string } | null; payment_intent?: string | { id: string } | null };
  const customerRef = intentIdOf(object.customer);
  const withCustomer = customerRef ? { customerRef } : {};
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { id: event.id, type: 'payment.succeeded', transactionId: object.id, ...withCustomer };
    case 'payment_intent.payment_failed':
      return { id: event.id, type: 'payment.failed', transactionId: object.id, ...withCustomer };
    case 'charge.refunded':
      return { id: event.id, type: 'payment.refunded', transactionId: intentIdOf(object.payment_intent), ...withCustomer };
    default:
      return { id: event.id, type: 'other' };
  }
}
