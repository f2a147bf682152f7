// What a pricing address says (spec 002 section 2): the service, the vendor (nindo and website
// mean none), embed and website modes, the bundles flag and the mode style class, and from them
// the view and the plan family the page loads.
import type { PricingView } from '../../../../../rules/pricing-math';

export const DEFAULT_SERVICE = 'bracketsninja';
const NO_VENDOR = new Set(['nindo', 'website']);

/** Service names that open a family's own view rather than one app's plans. */
const FAMILY_VIEWS: Record<string, { view: PricingView; planType: string }> = {
  bundle: { view: 'bundles', planType: 'bundle' },
  bundles: { view: 'bundles', planType: 'bundle' },
  mini_bundles: { view: 'minibundles', planType: 'mini_bundles' },
  minibundles: { view: 'minibundles', planType: 'mini_bundles' },
  widgets_bundle: { view: 'widgetsbundle', planType: 'widgets_bundle' },
  widgetsbundle: { view: 'widgetsbundle', planType: 'widgets_bundle' },
  bracketsninja: { view: 'bracketsninja', planType: 'bracketsninja' },
};

export interface PricingRoute {
  serviceName: string;
  vendor?: string;
  embed: boolean;
  website: boolean;
  view: PricingView;
  /** The {type} of GET /nindo/api/getPaymentPlans/{type}. */
  planType: string;
  /** The `mode` query value, added to the page as a style class. */
  mode?: string;
}

export function pricingRoute({ pathname, params, search }: { pathname: string; params: { serviceName?: string; vendor?: string }; search: URLSearchParams }): PricingRoute {
  const serviceName = params.serviceName || DEFAULT_SERVICE;
  const website = pathname.startsWith('/embed/website/');
  const vendor = params.vendor && !NO_VENDOR.has(params.vendor) ? params.vendor : undefined;
  const family = search.get('bundle') === 'true' ? FAMILY_VIEWS.bundle : FAMILY_VIEWS[serviceName];
  const mode = search.get('mode')?.replace(/[^a-z0-9_-]/gi, '') || undefined;
  return {
    serviceName,
    vendor,
    embed: pathname.startsWith('/embed/'),
    website,
    view: family?.view ?? 'per-app',
    planType: family?.planType ?? serviceName,
    mode,
  };
}

/**
 * The dashboard's Upgrade address names no service. A caller who pays for a plan of another family
 * (found by the lookup of subscriptions covering the default service) sees that family, so the plan
 * marked Current Plan is the one they pay for (spec 002 section 4), not the default family's Free.
 */
export function routeForSubscriber({ route, serviceNamed, covering }: { route: PricingRoute; serviceNamed: boolean; covering: ReadonlyArray<{ family: string }> }): PricingRoute {
  const family = covering[0]?.family;
  if (serviceNamed || route.embed || !family || family === route.planType) return route;
  const view = FAMILY_VIEWS[family];
  return { ...route, serviceName: family, view: view?.view ?? 'per-app', planType: view?.planType ?? family };
}

/** Where this pricing page lives, with the prefix of its mode (for the sign-up way back). */
export const pricingPath = ({ serviceName, vendor, embed, website }: Pick<PricingRoute, 'serviceName' | 'vendor' | 'embed' | 'website'>): string => {
  if (!embed) return `/pricing/${encodeURIComponent(serviceName)}`;
  if (website) return `/embed/website/pricing/${encodeURIComponent(serviceName)}`;
  return vendor ? `/embed/v/${encodeURIComponent(vendor)}/pricing/${encodeURIComponent(serviceName)}` : `/embed/pricing/${encodeURIComponent(serviceName)}`;
};

/** Spec 002 "Sign-up redirect": /signup?serviceName=&redirectUrl=, under /embed in embed mode. */
export const signupPath = ({ route, back }: { route: PricingRoute; back: string }): string =>
  `${route.embed ? '/embed' : ''}/signup?${new URLSearchParams({ serviceName: route.serviceName, redirectUrl: back })}`;
