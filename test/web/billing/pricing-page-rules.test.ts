// The pricing page's pure rules (spec 002 sections 2, 4, 9): what an address says, which plans
// the cards show, what a card shows, and the plan button's label by the caller's state.
import { pricingRoute, pricingPath, routeForSubscriber, signupPath } from '../../../web/src/pages/billing/pricing/pricing-route';
import { planButton } from '../../../web/src/pages/billing/pricing/plan-button';
import { featureText, highlightedFeatures, planCardOf, sloganOf } from '../../../web/src/pages/billing/pricing/plan-card-model';
import type { FeatureLike, PlanLike } from '../../../web/src/pages/billing/pricing/plan-card-model';
import { plansShown } from '../../../web/src/pages/billing/pricing/plans-shown';
import { comparisonGroups } from '../../../web/src/pages/billing/pricing/ComparisonTable';
import { ownedState } from '../../../web/src/pages/billing/pricing/OwnedNotice';
import { checkoutSuccessPath } from '../../../web/src/pages/billing/checkout/checkout-success-path';
import { subscriptionActionShown } from '../../../web/src/pages/billing/dashboard/resources';
import type { BillingSubscription } from '../../../generated/client/types.gen';

const route = (pathname: string, params: { serviceName?: string; vendor?: string }, search = '') => pricingRoute({ pathname, params, search: new URLSearchParams(search) });

describe('a pricing address', () => {
  it.each([
    ['/pricing', {}, '', { serviceName: 'bracketsninja', view: 'bracketsninja', planType: 'bracketsninja', embed: false, vendor: undefined }],
    ['/pricing/bundles', { serviceName: 'bundles' }, '', { view: 'bundles', planType: 'bundle' }],
    ['/pricing/countdown', { serviceName: 'countdown' }, 'bundle=true', { view: 'bundles', planType: 'bundle' }],
    ['/pricing/minibundles', { serviceName: 'minibundles' }, '', { view: 'minibundles', planType: 'mini_bundles' }],
    ['/pricing/widgets_bundle', { serviceName: 'widgets_bundle' }, '', { view: 'widgetsbundle', planType: 'widgets_bundle' }],
    ['/pricing/countdown', { serviceName: 'countdown' }, '', { view: 'per-app', planType: 'countdown' }],
    ['/embed/v/nindo/pricing/faq', { serviceName: 'faq', vendor: 'nindo' }, '', { embed: true, vendor: undefined }],
    ['/embed/v/wix/pricing/faq', { serviceName: 'faq', vendor: 'wix' }, 'mode=dark', { embed: true, vendor: 'wix', mode: 'dark' }],
    ['/embed/website/pricing/faq', { serviceName: 'faq' }, 'mode=<b>', { embed: true, website: true, mode: 'b' }],
  ])('%s %j ?%s reads %j', (pathname, params, search, expected) => {
    expect(route(pathname, params, search)).toMatchObject(expected);
  });

  it.each([
    ['an All-in-One Pro owner on the Upgrade address sees All-in-One, where Pro is theirs', false, [{ family: 'bundle' }], { serviceName: 'bundle', view: 'bundles', planType: 'bundle' }],
    ['an owner of one app\'s plan sees that app\'s plans', false, [{ family: 'countdown' }], { serviceName: 'countdown', view: 'per-app', planType: 'countdown' }],
    ['a caller with no subscription sees the default family', false, [], { serviceName: 'bracketsninja', view: 'bracketsninja' }],
    ['an address naming the service keeps it', true, [{ family: 'bundle' }], { serviceName: 'bracketsninja', view: 'bracketsninja' }],
  ])('%s', (_case, serviceNamed, covering, expected) => {
    expect(routeForSubscriber({ route: route('/user/dashboard/pricing', {}), serviceNamed, covering })).toMatchObject(expected);
  });

  it('marks the plan the caller pays for, not the free plan, once their family is shown', () => {
    const shown = routeForSubscriber({ route: route('/user/dashboard/pricing', {}), serviceNamed: false, covering: [{ family: 'bundle' }] });
    const current = { subscriptionId: 's1', planId: 'bundle-pro', planPricingVariantId: 'bundle-pro-month', status: 'active', source: 'bluesnap' };
    const label = (planId: string, isFree: boolean) => planButton({ signedIn: true, view: shown.view, plan: { planId, isFree }, variantId: `${planId}-month`, current }).label;
    expect([label('bundle-free', true), label('bundle-pro', false), label('bundle-premium', false)]).toEqual(['Cancel Plan', 'Current Plan', 'Switch Plan']);
  });

  it('leads a visitor to sign up with the service and the way back, under /embed when embedded', () => {
    expect(signupPath({ route: route('/pricing/faq', { serviceName: 'faq' }), back: '/pricing/faq?x=1' })).toBe('/signup?serviceName=faq&redirectUrl=%2Fpricing%2Ffaq%3Fx%3D1');
    expect(signupPath({ route: route('/embed/pricing/faq', { serviceName: 'faq' }), back: '/embed/pricing/faq' })).toBe('/embed/signup?serviceName=faq&redirectUrl=%2Fembed%2Fpricing%2Ffaq');
  });

  it.each([
    [{ serviceName: 'faq', embed: false, website: false }, '/pricing/faq'],
    [{ serviceName: 'faq', embed: true, website: false }, '/embed/pricing/faq'],
    [{ serviceName: 'faq', embed: true, website: false, vendor: 'wix' }, '/embed/v/wix/pricing/faq'],
    [{ serviceName: 'faq', embed: true, website: true }, '/embed/website/pricing/faq'],
  ])('%j lives at %s', (where, path) => {
    expect(pricingPath(where)).toBe(path);
  });

  it('sends a checkout to the success page of its mode', () => {
    expect(checkoutSuccessPath({ route: { serviceName: 'faq', website: false }, sessionId: 's1', variantId: 'v1' })).toBe('/embed/checkout-success/faq?sessionId=s1&variantId=v1');
    expect(checkoutSuccessPath({ route: { serviceName: 'faq', website: true }, sessionId: 's1', variantId: 'v1' })).toBe('/embed/website/checkout-success/faq?sessionId=s1&variantId=v1');
  });
});

const features: FeatureLike[] = [
  { name: 'websites', displayName: 'Websites', type: 'number', meta: { highlight: true } },
  { name: 'numberOfViewsPerMonth', displayName: 'Views', type: 'number', meta: { highlight: true } },
  { name: 'numberOfBytesInStorage', displayName: 'Storage', type: 'number' },
  { name: 'allApps', displayName: 'All apps', type: 'boolean', meta: { highlight: true } },
  { name: 'trial', displayName: 'Free trial days', type: 'number' },
  { name: 'secret', displayName: 'Secret', type: 'boolean', meta: { hidden: true } },
];

const plan = (over: Partial<PlanLike> & { planId: string }): PlanLike => ({
  name: over.planId,
  isFree: false,
  features: {},
  pricingVariants: [
    { id: `${over.planId}-m`, name: 'Monthly', pricePeriod: 'month', priceCount: 10 },
    { id: `${over.planId}-y`, name: 'Yearly', pricePeriod: 'year', priceCount: 96 },
  ],
  meta: { planName: over.name ?? over.planId },
  ...over,
});

describe('a plan card', () => {
  it('shows the year per month, the total billed and the saving (12 x (10 - 96 / 12) = $24)', () => {
    expect(planCardOf({ plan: plan({ planId: 'pro', name: 'Pro' }), features, cycle: 'year' })).toMatchObject({ perMonth: '$8.00', billed: 'Billed $96.00 yearly', save: 'Save $24.00', variantId: 'pro-y' });
    expect(planCardOf({ plan: plan({ planId: 'pro', name: 'Pro' }), features, cycle: 'month' })).toMatchObject({ perMonth: '$10.00', billed: 'Billed monthly', variantId: 'pro-m' });
  });

  it("says 'No charge.' on the free plan", () => {
    expect(planCardOf({ plan: plan({ planId: 'free', name: 'Free', isFree: true }), features, cycle: 'year' })).toMatchObject({ perMonth: '$0.00', billed: 'No charge.' });
  });

  it.each([
    ['Free', 'Get started with the basics.'],
    ['Essentials', 'Everything a small website needs.'],
    ['basic', 'Everything a small website needs.'],
    ['Pro', 'For growing businesses that want more.'],
    ['Ultimate', 'The full power for large websites and agencies.'],
    ['premium', 'The full power for large websites and agencies.'],
    ['Agency', ''],
  ])('gives %s the slogan %j', (name, slogan) => {
    expect(sloganOf(name)).toBe(slogan);
  });

  it.each([
    ['numberOfViewsPerMonth', 20_000_000, 'Unlimited views per month'],
    ['numberOfViewsPerMonth', 25_000, '25K views per month'],
    ['numberOfBytesInStorage', 500 * 1024 ** 2, '500 MB storage'],
    ['numberOfBytesInStorage', 2 * 1024 ** 3, '2 GB storage'],
    ['websites', 100_000_000, 'Unlimited websites'],
    ['websites', 3, '3 Websites'],
    ['websites', 1, '1 Website'],
    ['trial', 7, '7-day free trial'],
    ['allApps', true, 'All apps'],
    ['allApps', false, null],
  ])('words %s = %j as %j', (name, value, text) => {
    const feature = features.find((f) => f.name === name) ?? features[0];
    expect(featureText({ feature, value })).toBe(text);
  });

  it('lists at most 6 features, highlighted first, never hidden ones', () => {
    const many: FeatureLike[] = Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, displayName: `F${i}`, type: 'boolean', meta: { highlight: i === 7 } }));
    const all = plan({ planId: 'big', features: Object.fromEntries(many.map((f) => [f.name, true])) });
    expect(highlightedFeatures({ plan: all, features: many })).toEqual(['F7', 'F0', 'F1', 'F2', 'F3', 'F4']);
    expect(highlightedFeatures({ plan: plan({ planId: 'p', features: { secret: true, allApps: true } }), features })).toEqual(['All apps']);
  });
});

describe('the widgets bundle cards', () => {
  const tier = (name: string, instances: number) => plan({ planId: `${name}-${instances}`, name, features: { numberOfInstances: instances } });
  const plans = [plan({ planId: 'free', name: 'Free', isFree: true, features: { numberOfInstances: 1 } }), tier('Pro', 5), tier('Pro', 10), tier('Pro', 25), tier('Ultimate', 25), tier('Ultimate', 100)];

  it.each([
    [5, ['free', 'Pro-5', 'Ultimate-25']],
    [10, ['free', 'Pro-10', 'Ultimate-25']],
    [50, ['free', 'Ultimate-100']],
    [1000, ['free', 'Ultimate-100']],
  ])('for %i widgets show %j', (widgets, ids) => {
    expect(plansShown({ plans, view: 'widgetsbundle', widgets }).map((p) => p.planId)).toEqual(ids);
  });

  it('shows every plan of the other families', () => {
    expect(plansShown({ plans, view: 'bundles', widgets: 5 })).toHaveLength(plans.length);
  });
});

describe('the plan button', () => {
  const paid = { planId: 'pro', isFree: false };
  const free = { planId: 'free', isFree: true };
  const current = { subscriptionId: 's', planId: 'pro', planPricingVariantId: 'pro-y', status: 'active', source: 'bluesnap' };

  it.each([
    ['a visitor on a paid plan', 'Sign Up', 'signup', { signedIn: false, plan: paid }],
    ['a visitor on the free plan', 'Start For Free', 'signup', { signedIn: false, plan: free }],
    ['a user without subscription on a paid bundle plan', 'Upgrade Now', 'checkout', { signedIn: true, plan: paid }],
    ["a user without subscription on an app's plan", 'Select Plan', 'checkout', { signedIn: true, plan: paid, view: 'per-app' as const }],
    ['a user without subscription on the free plan', 'Current Plan', 'none', { signedIn: true, plan: free }],
    ['a subscriber on their plan and cycle', 'Current Plan', 'none', { signedIn: true, plan: paid, variantId: 'pro-y', current }],
    ['a subscriber on their plan, other cycle', 'Switch Plan', 'switch', { signedIn: true, plan: paid, variantId: 'pro-m', current }],
    ['a subscriber on another paid plan', 'Switch Plan', 'switch', { signedIn: true, plan: { planId: 'max', isFree: false }, current }],
    ['a subscriber on the free plan', 'Cancel Plan', 'cancel', { signedIn: true, plan: free, current }],
  ])('%s reads %j (%s)', (_who, label, action, state) => {
    expect(planButton({ view: 'bundles', ...state })).toMatchObject({ label, action, disabled: label === 'Current Plan' });
  });
});

describe('owned states', () => {
  const allInOne = [{ family: 'bundle' }];
  const widgets = [{ family: 'widgets_bundle' }];

  it.each([
    ['an All-in-One owner on an app', 'per-app' as const, allInOne, [], { kind: 'allApps' }],
    ['an All-in-One owner on the bundles', 'bundles' as const, allInOne, [], { kind: 'allApps' }],
    ['a widgets-bundle owner on its own pricing', 'widgetsbundle' as const, widgets, [], null],
    ['a widgets-bundle owner on an app', 'per-app' as const, widgets, [], null],
    ['a mini-bundle holding the app', 'per-app' as const, [], ['faq'], { kind: 'inBundle' }],
    ['a mini-bundle without the app', 'per-app' as const, [], ['poll'], null],
  ])('%s: %j', (_who, view, covering, bundleApps, owned) => {
    expect(ownedState({ view, serviceName: 'faq', covering, bundleApps })).toEqual(owned);
  });
});

describe('the billing page actions', () => {
  it.each([
    ['active', ['change', 'cancel']],
    ['trial', ['change', 'cancel']],
    ['past_due', ['renew']],
    ['cancelled', ['renew']],
    ['expired', ['renew']],
  ] as const)('a %s subscription offers %j', (status, actions) => {
    const row = { status } as BillingSubscription;
    expect(['change', 'cancel', 'renew'].filter((action) => subscriptionActionShown(action, row))).toEqual(actions);
  });
});

describe('the comparison table', () => {
  // The default page's plans (bracketsninja) have no storage, bundle apps, all-apps or theme blocks:
  // those four rows read "—" for every plan (issue 37).
  const compared: FeatureLike[] = [
    { name: 'numberOfViewsPerMonth', displayName: 'Views per month', type: 'number', meta: { group: 'Usage' } },
    { name: 'numberOfBytesInStorage', displayName: 'Storage', type: 'number', meta: { group: 'Usage' } },
    { name: 'numberOfApps', displayName: 'Apps in the bundle', type: 'number', meta: { group: 'Apps' } },
    { name: 'allApps', displayName: 'All apps', type: 'boolean', meta: { group: 'Apps' } },
    { name: 'collaborators', displayName: 'Collaborators', type: 'number', meta: { group: 'Workspace' } },
    { name: 'shopifyThemeBlocks', displayName: 'Shopify theme app blocks', type: 'boolean', meta: { group: 'Platform' } },
    { name: 'planName', displayName: 'Plan', type: 'string', meta: { hidden: true } },
  ];
  const plans = [
    plan({ planId: 'free', isFree: true, features: { numberOfViewsPerMonth: 300, collaborators: 0, allApps: false, planName: 'free' } }),
    plan({ planId: 'pro', features: { numberOfViewsPerMonth: 100_000, collaborators: 2, planName: 'pro' } }),
  ];

  it('shows only the rows some plan has, and drops the groups left empty', () => {
    expect(comparisonGroups({ plans, features: compared }).map(([group, rows]) => [group, rows.map((row) => row.displayName)])).toEqual([
      ['Usage', ['Views per month']],
      ['Workspace', ['Collaborators']],
    ]);
  });
});
