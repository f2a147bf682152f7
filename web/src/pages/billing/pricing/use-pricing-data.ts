// What the pricing page loads: the session (visitor or not), the caller's subscriptions covering
// the service (older layout, owned states, and on the dashboard's Upgrade address the family they
// pay for), then the plans of the family shown with their features and the caller's current plan.
import { useQuery } from '@tanstack/react-query';
import { getPaymentPlansOptions, getServiceSubscriptionsOptions, getVendorServiceSubscriptionsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { useSession } from '../../../layouts/RequireSession';
import { routeForSubscriber } from './pricing-route';
import type { PricingRoute } from './pricing-route';

export function usePricingData({ route: asked, serviceNamed }: { route: PricingRoute; serviceNamed: boolean }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.data);
  const path = { serviceName: asked.serviceName };
  const own = useQuery({ ...getServiceSubscriptionsOptions({ path }), enabled: signedIn && !asked.vendor });
  const vendorOwn = useQuery({ ...getVendorServiceSubscriptionsOptions({ path: { ...path, vendor: asked.vendor ?? '' } }), enabled: signedIn && Boolean(asked.vendor) });
  const lookup = asked.vendor ? vendorOwn : own;
  const covering = lookup.data?.data.docs ?? [];
  const route = routeForSubscriber({ route: asked, serviceNamed, covering });
  // Without a named service the family shown waits for the lookup: no other family's plans flash first.
  const familyKnown = serviceNamed || asked.embed || (!session.isPending && (!signedIn || !lookup.isPending));
  const plans = useQuery({
    ...getPaymentPlansOptions({ path: { type: route.planType }, query: { serviceName: route.serviceName, ...(route.vendor ? { vendor: route.vendor } : {}) } }),
    enabled: familyKnown,
  });
  return {
    sessionPending: session.isPending || !familyKnown,
    signedIn,
    user: session.data?.data ?? null,
    route,
    /** True when the family shown is the caller's own, chosen for them rather than by the address. */
    ownFamily: route !== asked,
    plans,
    covering,
  };
}
