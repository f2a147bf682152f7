// What the pricing page loads: the session (visitor or not), the family's plans with their
// features and the caller's current plan, and, signed in, the caller's subscriptions covering
// the service (older layout, owned states) and their mini-bundle.
import { useQuery } from '@tanstack/react-query';
import { getPaymentPlansOptions, getServiceSubscriptionsOptions, getVendorServiceSubscriptionsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { useSession } from '../../../layouts/RequireSession';
import type { PricingRoute } from './pricing-route';

export function usePricingData(route: PricingRoute) {
  const session = useSession();
  const signedIn = Boolean(session.data?.data);
  const plans = useQuery(getPaymentPlansOptions({ path: { type: route.planType }, query: { serviceName: route.serviceName, ...(route.vendor ? { vendor: route.vendor } : {}) } }));
  const path = { serviceName: route.serviceName };
  const own = useQuery({ ...getServiceSubscriptionsOptions({ path }), enabled: signedIn && !route.vendor });
  const vendorOwn = useQuery({ ...getVendorServiceSubscriptionsOptions({ path: { ...path, vendor: route.vendor ?? '' } }), enabled: signedIn && Boolean(route.vendor) });
  const covering = (route.vendor ? vendorOwn : own).data?.data.docs ?? [];
  return {
    sessionPending: session.isPending,
    signedIn,
    user: session.data?.data ?? null,
    plans,
    covering,
  };
}
