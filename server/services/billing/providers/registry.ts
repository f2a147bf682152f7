// Which adapter serves a billing call. The card adapter (/api/bluesnap/*) is the configured one
// (BILLING_CARD_PROVIDER: sandbox by default, stripe with STRIPE_SECRET_KEY); /api/paypal/* is
// paypal (PAYPAL_CLIENT_ID/SECRET). A subscription keeps the adapter it started with, so renewals
// charge where the card is even after the configuration changes.
import type { AppContext } from '../../../context';
import { BillingProviderError } from './port';
import type { BillingAdapterName, BillingProvider, BillingSource, CardAdapterName, CardBillingProvider } from './port';
import { paypalProvider } from './paypal/paypal';
import type { PayPalBillingProvider } from './paypal/paypal';
import { sandboxProvider } from './sandbox/sandbox';
import { stripeBillingProvider } from './stripe/stripe';

/** The adapter that serves card payments (/api/bluesnap/*) now. */
export const cardAdapterName = (ctx: AppContext): CardAdapterName => ctx.config.billing.cardProvider;

/** The adapter a new subscription of `source` starts with. */
export const adapterForSource = ({ ctx, source }: { ctx: AppContext; source: BillingSource }): BillingAdapterName =>
  source === 'paypal' ? 'paypal' : cardAdapterName(ctx);

const notConfigured = (adapter: BillingAdapterName): BillingProviderError => new BillingProviderError(adapter, `The ${adapter} billing provider is not configured`, true);

export function cardProviderFor({ ctx, adapter = cardAdapterName(ctx) }: { ctx: AppContext; adapter?: string }): CardBillingProvider {
  if (adapter === 'sandbox') return sandboxProvider({ ctx });
  if (adapter === 'stripe') {
    const stripe = ctx.config.billing.stripe;
    if (!stripe) throw notConfigured('stripe');
    return stripeBillingProvider({ ctx, apiBase: ctx.config.payments.stripeApiBase, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret });
  }
  throw new BillingProviderError('sandbox', `${adapter} is not a card billing provider`, true);
}

export function paypalProviderFor({ ctx }: { ctx: AppContext }): PayPalBillingProvider {
  const paypal = ctx.config.billing.paypal;
  if (!paypal) throw notConfigured('paypal');
  const { clientId, clientSecret, apiBase, webhookId } = paypal;
  // Where PayPal sends the checkout's popup back: under /auth/, which sends no opener policy, so
  // the popup stays the checkout's to read and close (docs/billing.md, Screens).
  return paypalProvider({ credentials: { clientId, clientSecret, apiBase }, returnUrl: `${ctx.config.publicUrl}/auth/paypal-return`, webhookId });
}

/** The adapter by the name a subscription stored (SubscriptionDoc.adapter). */
export function billingProviderFor({ ctx, adapter }: { ctx: AppContext; adapter: string }): BillingProvider {
  return adapter === 'paypal' ? paypalProviderFor({ ctx }) : cardProviderFor({ ctx, adapter });
}
