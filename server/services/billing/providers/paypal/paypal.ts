// The PayPal adapter (REST): the buyer approves a vault setup token with PayPal's button (the
// spec's PayPal `subscriptionId` is that setup token's id); the first call turns it into a payment
// token (Payment Method Tokens v3) and every charge, the first and each renewal our job makes, is
// an Orders v2 order with `intent: CAPTURE` paid from the saved token (`vault_id`), which PayPal
// completes at once without the buyer. PayPal runs no schedule of ours (no PayPal Subscriptions).
import { BillingProviderError } from '../port';
import type { BillingProvider, ChargeOutcome, ProviderEvent } from '../port';
import { PayPalApiError, paypalCall } from './api';
import type { PayPalCredentials } from './api';

const NAME = 'paypal';
const SESSION_EXPIRED = 'Session expired please refresh page to continue';

interface SetupToken {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'VAULTED' | string;
  customer?: { id?: string; merchant_customer_id?: string };
  links?: { href: string; rel: string }[];
}

/** A setup token for PayPal's button, and the page where the buyer approves it. */
export interface PayPalApproval {
  token: string;
  approveUrl: string;
}

export interface PayPalBillingProvider extends BillingProvider {
  readonly name: 'paypal';
  startApproval(input: { userId: string }): Promise<PayPalApproval>;
}
interface PaymentToken {
  id: string;
  customer: { id: string };
}
interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'FAILED' | string;
}
interface Order {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: Capture[] } }[];
}

type Decline = Extract<ChargeOutcome, { status: 'declined' }>;
const DECLINED: Decline = { status: 'declined', code: 'INSTRUMENT_DECLINED', message: 'PayPal declined the payment.', permanent: false };

function outcomeOfCapture(capture: Capture | undefined): ChargeOutcome {
  if (capture && (capture.status === 'COMPLETED' || capture.status === 'PENDING')) return { status: 'paid', transactionId: capture.id };
  return { ...DECLINED, code: capture?.status ?? DECLINED.code };
}

/** A refused request is a decline when it is about the payment; otherwise a provider error. */
function declineOrError(err: unknown): Decline {
  if (!(err instanceof PayPalApiError)) throw err;
  if (err.status === 422) return { status: 'declined', code: err.issue, message: err.message, permanent: err.issue !== 'INSTRUMENT_DECLINED' };
  // The saved payment token is gone (deleted at cancel, or by the buyer at PayPal).
  if (err.status === 404) return { status: 'declined', code: err.issue, message: err.message, permanent: true };
  throw toProviderError(err);
}

const toProviderError = (err: unknown): unknown =>
  err instanceof PayPalApiError ? new BillingProviderError(NAME, err.message, err.status >= 400 && err.status < 500 && err.status !== 429) : err;

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toProviderError(err);
  }
}

const money = (amount: number): string => amount.toFixed(2);

const EVENT_TYPES: Record<string, ProviderEvent['type']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'payment.succeeded',
  'PAYMENT.CAPTURE.DENIED': 'payment.failed',
  'PAYMENT.CAPTURE.DECLINED': 'payment.failed',
  'PAYMENT.CAPTURE.REFUNDED': 'payment.refunded',
  'VAULT.PAYMENT-TOKEN.DELETED': 'subscription.cancelled',
};

export function paypalProvider({ credentials, returnUrl, webhookId }: { credentials: PayPalCredentials; returnUrl: string; webhookId?: string }): PayPalBillingProvider {
  const call = <T>(input: Omit<Parameters<typeof paypalCall>[0], 'credentials'>) => paypalCall<T>({ credentials, ...input });

  async function chargeToken({ vaultId, amount, description, requestId, initiator }: { vaultId: string; amount: number; description: string; requestId: string; initiator: 'CUSTOMER' | 'MERCHANT' }): Promise<ChargeOutcome> {
    try {
      const order = await call<Order>({
        method: 'POST',
        path: '/v2/checkout/orders',
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'USD', value: money(amount) }, description: description.slice(0, 127) }],
          payment_source: { paypal: { vault_id: vaultId, stored_credential: { payment_initiator: initiator, usage: initiator === 'CUSTOMER' ? 'FIRST' : 'SUBSEQUENT' } } },
        },
      });
      return outcomeOfCapture(order.purchase_units?.[0]?.payments?.captures?.[0]);
    } catch (err) {
      return declineOrError(err);
    }
  }

  const startApproval = ({ userId }: { userId: string }): Promise<PayPalApproval> =>
    guarded(async () => {
      const token = await call<SetupToken>({
        method: 'POST',
        path: '/v3/vault/setup-tokens',
        body: {
          customer: { merchant_customer_id: userId },
          payment_source: { paypal: { usage_type: 'MERCHANT', experience_context: { return_url: returnUrl, cancel_url: returnUrl } } },
        },
      });
      return { token: token.id, approveUrl: token.links?.find((link) => link.rel === 'approve')?.href ?? '' };
    });

  return {
    name: NAME,
    startApproval,
    issueCardToken: async ({ userId }) => (await startApproval({ userId })).token,
    startSubscription: ({ customer, token, amount, description, idempotencyKey }) =>
      guarded(async () => {
        const setup = await call<SetupToken>({ method: 'GET', path: `/v3/vault/setup-tokens/${encodeURIComponent(token)}` }).catch((err: unknown) => {
          if (err instanceof PayPalApiError && err.status === 404) throw new BillingProviderError(NAME, SESSION_EXPIRED, true);
          throw err;
        });
        // Only the user the setup token was made for may use it (we named them as PayPal's merchant customer).
        if (setup.customer?.merchant_customer_id !== customer.userId) throw new BillingProviderError(NAME, SESSION_EXPIRED, true);
        const saved = await call<PaymentToken>({
          method: 'POST',
          path: '/v3/vault/payment-tokens',
          requestId: `${idempotencyKey}:payment-token`,
          body: { payment_source: { token: { id: token, type: 'SETUP_TOKEN' } } },
        });
        const charge = amount > 0 ? await chargeToken({ vaultId: saved.id, amount, description, requestId: `${idempotencyKey}:charge`, initiator: 'CUSTOMER' }) : null;
        return { customerRef: saved.customer.id, paymentMethodRef: saved.id, charge };
      }),
    charge: ({ paymentMethodRef, amount, description, idempotencyKey }) =>
      chargeToken({ vaultId: paymentMethodRef, amount, description, requestId: idempotencyKey, initiator: 'MERCHANT' }),
    confirmCharge: async ({ transactionId }) => {
      try {
        return outcomeOfCapture(await call<Capture>({ method: 'GET', path: `/v2/payments/captures/${encodeURIComponent(transactionId)}` }));
      } catch (err) {
        return declineOrError(err);
      }
    },
    cancel: ({ paymentMethodRef }) =>
      guarded(async () => {
        try {
          await call<unknown>({ method: 'DELETE', path: `/v3/vault/payment-tokens/${encodeURIComponent(paymentMethodRef)}` });
        } catch (err) {
          // Already deleted (by the buyer at PayPal): nothing is left to charge.
          if (!(err instanceof PayPalApiError && err.status === 404)) throw err;
        }
      }),
    verifyWebhook: async ({ rawBody, headers }) => {
      if (!webhookId) return null;
      let event: { id?: string; event_type?: string; resource?: { id?: string; customer?: { id?: string } } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        return null;
      }
      // PayPal checks the signature itself (its certificate chain); we send back what came.
      const verdict = await guarded(() =>
        call<{ verification_status: string }>({
          method: 'POST',
          path: '/v1/notifications/verify-webhook-signature',
          body: {
            auth_algo: headers['paypal-auth-algo'],
            cert_url: headers['paypal-cert-url'],
            transmission_id: headers['paypal-transmission-id'],
            transmission_sig: headers['paypal-transmission-sig'],
            transmission_time: headers['paypal-transmission-time'],
            webhook_id: webhookId,
            webhook_event: event,
          },
        }),
      );
      if (verdict.verification_status !== 'SUCCESS' || !event.id) return null;
      const type = EVENT_TYPES[event.event_type ?? ''] ?? 'other';
      const { id, customer } = event.resource ?? {};
      // A deleted payment token names its customer; the other events name a capture.
      if (type === 'subscription.cancelled') return { id: event.id, type, ...(customer?.id ? { customerRef: customer.id } : {}) };
      return { id: event.id, type, ...(id && type !== 'other' ? { transactionId: id } : {}) };
    },
  };
}
