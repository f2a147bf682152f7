// Routes of the billing screens (spec 002 section 2), spread into the app's route table: the
// pricing page in its four forms and inside the dashboard, the checkout success pages, PayPal's
// return page, and the dashboard's Billing page.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageLoader = (load: () => Promise<{ default: ComponentType }>) => RouteObject['lazy'];

const PRICING_PATHS = ['/pricing', '/pricing/:serviceName', '/embed/pricing/:serviceName', '/embed/v/:vendor/pricing/:serviceName', '/embed/website/pricing/:serviceName'];
const SUCCESS_PATHS = ['/embed/checkout-success/:serviceName', '/embed/website/checkout-success/:serviceName'];

export function billingRoutes(page: PageLoader): RouteObject[] {
  return [
    ...PRICING_PATHS.map((path) => ({ path, lazy: page(() => import('./pricing/PricingPage')) })),
    ...SUCCESS_PATHS.map((path) => ({ path, lazy: page(() => import('./checkout/CheckoutSuccessPage')) })),
    { path: '/auth/paypal-return', lazy: page(() => import('./checkout/PayPalReturnPage')) },
  ];
}

/** Children of /user/dashboard: Billing, and the pricing page the upgrade entry points open. */
export function dashboardBillingRoutes(page: PageLoader): RouteObject[] {
  return [
    { path: 'billing', lazy: page(() => import('./dashboard/BillingPage')) },
    { path: 'pricing', lazy: page(() => import('./pricing/PricingPage')) },
    { path: 'pricing/:serviceName', lazy: page(() => import('./pricing/PricingPage')) },
  ];
}
