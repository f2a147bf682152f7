// The widget platform's payment-provider port (issue 11): what the subscription lifecycle asks of
// whichever provider takes the money. Adapters: sandbox (built-in card provider, the default, no
// keys), stripe (official SDK) and paypal (REST). The spec's sources map onto them: /api/bluesnap/*
// is served by the configured card adapter (sandbox or stripe), /api/paypal/* by paypal.
// Our renewal job charges at each period's end; no provider runs the schedule.
import type { CardFields, CheckedCard } from '../../../../rules/billing-card-errors';

/** The spec's sources (section 3); paddle is a legacy source we only read and cancel. */
export type BillingSource = 'bluesnap' | 'paypal' | 'paddle';
export type BillingAdapterName = 'sandbox' | 'stripe' | 'paypal';
export type CardAdapterName = CardBillingProvider['name'];

export interface BillingCustomer {
  userId: string;
  email: string;
  name: string;
}

/** What a charge came to. `requires_action` is a 3-D Secure step the buyer must pass first. */
export type ChargeOutcome =
  | { status: 'paid'; transactionId: string }
  | { status: 'requires_action'; transactionId: string; actionUrl: string }
  | { status: 'declined'; code: string; message: string; permanent: boolean };

export interface StartRequest {
  customer: BillingCustomer;
  /** A card token from getToken + the hosted fields, or PayPal's approved subscription/order id. */
  token: string;
  /** The first charge, USD; 0 for a trial (the payment method is only saved). */
  amount: number;
  description: string;
  /** The same key on every retry, so a retried request never charges twice. */
  idempotencyKey: string;
}

export interface StartOutcome {
  customerRef: string;
  paymentMethodRef: string;
  /** Null when amount was 0. */
  charge: ChargeOutcome | null;
}

export interface ChargeRequest {
  customerRef: string;
  paymentMethodRef: string;
  amount: number;
  description: string;
  idempotencyKey: string;
}

/** A provider notification, verified, in our words. */
export interface ProviderEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.refunded' | 'subscription.cancelled' | 'other';
  transactionId?: string;
  customerRef?: string;
}

export interface BillingProvider {
  readonly name: BillingAdapterName;
  /** A single-use token for the hosted card fields (GET /api/bluesnap/getToken), or PayPal's setup token; only `userId` may start with it. */
  issueCardToken(input: { userId: string }): Promise<string>;
  /** Saves the buyer's payment method and takes the first charge. */
  startSubscription(input: StartRequest): Promise<StartOutcome>;
  /** Charges a saved payment method (renewals, upgrades' prorated difference). */
  charge(input: ChargeRequest): Promise<ChargeOutcome>;
  /** The outcome of a charge after its 3-D Secure step. */
  confirmCharge(input: { transactionId: string }): Promise<ChargeOutcome>;
  /** Forgets the payment method so nothing more is charged. */
  cancel(input: { customerRef: string; paymentMethodRef: string }): Promise<void>;
  /** Verifies a webhook's signature; null when it does not verify (PayPal verifies by a call). */
  verifyWebhook(input: { rawBody: Buffer; headers: Record<string, string | undefined> }): Promise<ProviderEvent | null>;
}

/**
 * A card adapter (sandbox, stripe): serves /api/bluesnap/*. The hosted card fields post the card to
 * us; the adapter keeps it (sandbox vault, a Stripe PaymentMethod) and answers its reference, which
 * the card token then carries until startSubscription uses it.
 */
export interface CardBillingProvider extends BillingProvider {
  readonly name: 'sandbox' | 'stripe';
  vaultCard(input: { fields: CardFields; card: CheckedCard }): Promise<{ paymentMethodRef: string }>;
}

/** A provider refused or could not be reached; permanent means retrying cannot help. */
export class BillingProviderError extends Error {
  constructor(readonly provider: BillingAdapterName, message: string, readonly permanent: boolean) {
    super(message);
    this.name = 'BillingProviderError';
  }
}
