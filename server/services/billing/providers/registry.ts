// Which adapter serves a billing call. The card adapter (/api/bluesnap/*) is the configured one
// (BILLING_CARD_PROVIDER: sandbox by default, stripe with STRIPE_SECRET_KEY); /api/paypal/* is
// paypal (PAYPAL_CLIENT_ID/SECRET). A subscription keeps the adapter it started with, so renewals
// charge where the card is even after the configuration changes.
import type { AppContext } from '../../../context';
import { BillingProviderError } from './port';
import type { BillingAdapterName, BillingProvider, BillingSource, CardAdapterName, CardBillingProvider } from './port';
import { sandboxProvider } from './sandbox/sandbox';

/** The adapter that serves card payments (/api/bluesnap/*) now. */
export const cardAdapterName = (ctx: AppContext): CardAdapterName => ctx.config.billing.cardProvider;

/** The adapter a new subscription of `source` starts with. */
export const adapterForSource = ({ ctx, source }: { ctx: AppContext; source: BillingSource }): BillingAdapterName =>
  source === 'paypal' ? 'paypal' : cardAdapterName(ctx);

const notConfigured = (adapter: BillingAdapterName): BillingProviderError => new BillingProviderError(adapter, `The ${adapter} billing provider is not configured`, true);

export function cardProviderFor({ ctx, adapter = cardAdapterName(ctx) }: { ctx: AppContext; adapter?: string }): CardBillingProvider {
  if (adapter === 'sandbox') return sandboxProvider({ ctx });
  if (adapter === 'stripe') throw notConfigured('stripe');
  throw new BillingProviderError('sandbox', `${adapter} is not a card billing provider`, true);
}

/** The adapter by the name a subscription stored (SubscriptionDoc.adapter). */
export function billingProviderFor({ ctx, adapter }: { ctx: AppContext; adapter: string }): BillingProvider {
  if (adapter === 'paypal') throw notConfigured('paypal');
  return cardProviderFor({ ctx, adapter });
}
