// Bundle type selection (spec 002 section 2): 1 App, the mini-bundle tiers, All-in-One.
import { Link } from 'react-router';
import type { PricingRoute } from './pricing-route';
import { pricingPath } from './pricing-route';

export function BundleTypes({ route, appService }: { route: PricingRoute; appService?: string }) {
  const at = (serviceName: string) => pricingPath({ ...route, serviceName });
  const options = [
    ...(appService ? [{ label: '1 App', to: at(appService), current: route.view === 'per-app' }] : []),
    { label: 'Mini-bundles', to: at('minibundles'), current: route.view === 'minibundles' },
    { label: 'All-in-One', to: at('bundles'), current: route.view === 'bundles' },
  ];
  return (
    <nav className="bundle-types" aria-label="Bundle type">
      {options.map((option) => (
        <Link key={option.label} to={option.to} aria-current={option.current ? 'page' : undefined}>
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
