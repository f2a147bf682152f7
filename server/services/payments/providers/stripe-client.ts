// One Stripe SDK client maker for both Stripe adapters (the developer platform's and billing's).
import type Stripe from 'stripe';

/** The SDK (12 MB, about 0.2 s to load) is loaded at the first call, not at start-up. */
export const stripeSdk = async (): Promise<typeof Stripe> => (await import('stripe')).default;

/** A client for `apiBase` (Stripe, or stripe-mock in tests). */
export async function stripeClient({ secretKey, apiBase }: { secretKey: string; apiBase: string }): Promise<Stripe> {
  const url = new URL(apiBase);
  const StripeClient = await stripeSdk();
  // Retries belong to our job queues and renewal job; the SDK's own would double their back-off.
  return new StripeClient(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
  });
}
