// Which payment providers an app can use (spec 001 sections 1, 5, 7): its active integrations
// among the providers the spec names; coupons only at paddle and stripe.
import type { Integration } from '../../../../../../generated/client/types.gen';

export const PLAN_PROVIDERS = ['stripe', 'paddle', 'duda', 'wix'] as const;
export const COUPON_PROVIDERS = ['stripe', 'paddle'] as const;

/** Providers where the developer types the provider's plan id for each price; stripe creates its own. */
const NEEDS_PLAN_IDS: ReadonlyArray<string> = ['paddle', 'duda', 'wix'];

export const needsPlanIds = (platform: string): boolean => NEEDS_PLAN_IDS.includes(platform);

export const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', paddle: 'Paddle', duda: 'Duda', wix: 'Wix' };
export const providerName = (platform: string): string => PROVIDER_NAMES[platform] ?? platform;

/** The active integrations among `among`, in that order. */
export function activeProviders({ integrations, among }: { integrations: ReadonlyArray<Integration>; among: ReadonlyArray<string> }): string[] {
  const active = new Set(integrations.filter((i) => i.isActive).map((i) => i.platform));
  return among.filter((platform) => active.has(platform));
}
