// The pricing page's own texts (spec 002 sections 1, 2); section 8's texts are in rules/billing-messages.ts.
import type { PricingView } from '../../../../../rules/pricing-math';

export const PRICING_TEXTS = {
  subtitle: '7-day money-back guarantee. Cancel anytime.',
  loading: 'Loading plans',
  redirecting: 'Redirecting to checkout',
  ownAllApps: 'You already own all apps',
  ownThisApp: 'You already own this app',
  seePricing: 'See Pricing',
  editBundle: 'Edit Bundle',
  seeOtherPlans: '(See Other Plans)',
} as const;

export function pricingTitle({ view, appName }: { view: PricingView; appName?: string }): string {
  if (view === 'bundles') return 'All-in-One Bundle';
  if (view === 'minibundles') return 'Create Your Own Bundle';
  if (view === 'per-app' && appName) return appName;
  return 'Find Your Perfect Plan';
}
