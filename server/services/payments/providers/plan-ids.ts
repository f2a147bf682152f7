// Adapters for platforms that bill in their own store (duda, wix): a plan is only a mapping of
// pricing variants to the plan ids the developer created there; nothing else can be done from here.
import { ProviderError } from './port';
import type { PaymentProvider } from './port';

export function planIdProvider({ platform, displayName }: { platform: string; displayName: string }): PaymentProvider {
  const unsupported = (what: string) => async (): Promise<never> => {
    throw new ProviderError(platform, `${displayName} bills in its own store: ${what} is done there, not through this API`, undefined, { permanent: true });
  };
  return {
    platform,
    needsPlanIds: true,
    async connectPlan({ plan, given }) {
      const ids: Record<string, string> = {};
      for (const variant of plan.pricingVariants) {
        const id = given[variant.id]?.trim();
        if (!id) throw new ProviderError(platform, `A ${displayName} plan id is needed for pricing variant ${variant.id}`, undefined, { permanent: true });
        ids[variant.id] = id;
      }
      return ids;
    },
    createCoupon: unsupported('creating coupons'),
    deleteCoupon: unsupported('deleting coupons'),
    cancelSubscription: unsupported('cancelling subscriptions'),
    changeSubscription: unsupported('changing subscriptions'),
    refundCharge: unsupported('refunding charges'),
  };
}
