// The checkout success page's address (spec 002 section 2): /embed/checkout-success/{serviceName}
// ?sessionId=&variantId=, under /embed/website in website mode.
import type { PricingRoute } from '../pricing/pricing-route';

export const checkoutSuccessPath = ({ route, sessionId, variantId }: { route: Pick<PricingRoute, 'serviceName' | 'website'>; sessionId: string; variantId: string }): string =>
  `/embed/${route.website ? 'website/' : ''}checkout-success/${encodeURIComponent(route.serviceName)}?${new URLSearchParams({ sessionId, variantId })}`;
