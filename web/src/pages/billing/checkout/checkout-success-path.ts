// The checkout success page's address (spec 002 section 2): /embed/checkout-success/{serviceName}
// ?sessionId=&variantId=, under /embed/website in website mode; and the message it posts to the
// page framing it (kept here so a framing page need not load the success page).
import type { PricingRoute } from '../pricing/pricing-route';

export const checkoutSuccessPath = ({ route, sessionId, variantId }: { route: Pick<PricingRoute, 'serviceName' | 'website'>; sessionId: string; variantId: string }): string =>
  `/embed/${route.website ? 'website/' : ''}checkout-success/${encodeURIComponent(route.serviceName)}?${new URLSearchParams({ sessionId, variantId })}`;

export const CHECKOUT_SUCCESS_MESSAGE = 'nindo-checkout-success';
