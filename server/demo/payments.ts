// Demo payments of the demo apps: features, four plans whose ids are the ones the demo
// subscriptions and charges name (demo-basic, demo-pro, demo-business) plus a free plan, the paid
// ones connected to the apps' stripe integration, and one stripe coupon. Written straight to the
// store (no provider is called). Idempotent: an app that already has plans is left as it is.
import type { AppContext } from '../context';
import type { Feature, PricingVariant } from '../../generated/client/types.gen';
import { apps } from '../services/developer/model';
import { coupons, featureLists, planConnections, plans } from '../services/payments/model';
import type { PlanConnectionDoc, PlanDoc } from '../services/payments/model';
import { DEMO_APPS } from './developer';

const FEATURES: Feature[] = [
  { id: 'demo-feature-widgets', name: 'numberOfWidgets', displayName: 'Number of widgets', description: 'Widgets a store can publish', type: 'number', value: 1, meta: {} },
  { id: 'demo-feature-branding', name: 'removeBranding', displayName: 'Remove branding', description: 'Hide the "Powered by" line', type: 'boolean', value: false, meta: {} },
  { id: 'demo-feature-support', name: 'supportLevel', displayName: 'Support level', description: 'How we answer', type: 'string', value: 'community', meta: {} },
];

const monthly = (id: string, priceCount: number): PricingVariant => ({ id, name: 'Monthly', priceCount, pricePeriod: 'month', pricePeriodCount: 1 });

interface DemoPlan {
  planId: string;
  name: string;
  description: string;
  isFree: boolean;
  trialCount: number;
  features: Record<string, boolean | number | string>;
  pricingVariants: PricingVariant[];
}

const PLANS: DemoPlan[] = [
  { planId: 'demo-free', name: 'Free', description: 'One widget to try the app', isFree: true, trialCount: 0, features: { numberOfWidgets: 1, removeBranding: false, supportLevel: 'community' }, pricingVariants: [] },
  { planId: 'demo-basic', name: 'Basic', description: 'For a small store', isFree: false, trialCount: 7, features: { numberOfWidgets: 3, removeBranding: false, supportLevel: 'email' }, pricingVariants: [monthly('demo-basic-monthly', 9.99)] },
  {
    planId: 'demo-pro',
    name: 'Pro',
    description: 'For growing stores',
    isFree: false,
    trialCount: 14,
    features: { numberOfWidgets: 10, removeBranding: true, supportLevel: 'email' },
    pricingVariants: [monthly('demo-pro-monthly', 19.99), { id: 'demo-pro-yearly', name: 'Yearly', priceCount: 199, pricePeriod: 'year', pricePeriodCount: 1 }],
  },
  { planId: 'demo-business', name: 'Business', description: 'For teams with many stores', isFree: false, trialCount: 14, features: { numberOfWidgets: 100, removeBranding: true, supportLevel: 'priority' }, pricingVariants: [monthly('demo-business-monthly', 49)] },
];

/** The paid plans Pro and Business are connected to stripe; Basic stays editable. */
const CONNECTED = ['demo-pro', 'demo-business'];
const stripePriceId = ({ appId, variantId }: { appId: string; variantId: string }): string => `price_${appId}_${variantId}`.replace(/-/g, '_');

async function seedApp({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  const now = ctx.now().toISOString();
  await featureLists(ctx).insertOne({ _id: appId, appId, features: FEATURES, updated: now });
  const planDocs: PlanDoc[] = PLANS.map((plan, order) => ({ ...plan, _id: `${appId}:${plan.planId}`, appId, isActive: true, currency: 'usd', order, meta: {}, created: now, updated: now }));
  await plans(ctx).insertMany(planDocs);
  const connections: PlanConnectionDoc[] = PLANS.filter((plan) => CONNECTED.includes(plan.planId)).flatMap((plan) =>
    plan.pricingVariants.map((variant) => ({
      _id: `${appId}:${variant.id}:stripe`,
      appId,
      platform: 'stripe',
      planId: plan.planId,
      planPricingVariantId: variant.id,
      platformPlanId: stripePriceId({ appId, variantId: variant.id }),
      created: now,
    })),
  );
  await planConnections(ctx).insertMany(connections);
  const couponId = `${appId}:launch`;
  await coupons(ctx).insertOne({
    _id: couponId,
    appId,
    couponId,
    couponName: 'Launch offer',
    platform: 'stripe',
    platformCouponCode: 'LAUNCH20',
    platformCouponId: `co_demo_${appId}`.replace(/-/g, '_'),
    discountType: 'percentage',
    discountAmount: 20,
    discountCurrency: 'usd',
    expires: new Date(ctx.now().getTime() + 90 * 24 * 60 * 60 * 1000).toISOString(),
    durationType: 'forever',
    maxRedemptions: 5,
    timesRedeemed: 1,
    appliesTo: [stripePriceId({ appId, variantId: 'demo-pro-monthly' })],
    created: now,
    updated: now,
  });
}

export async function seedPayments(ctx: AppContext): Promise<string[]> {
  for (const { appId } of DEMO_APPS) {
    if (!(await apps(ctx).findOne({ _id: appId })) || (await plans(ctx).findOne({ appId }))) continue;
    await seedApp({ ctx, appId });
  }
  return [`Payments: plans ${PLANS.map((p) => p.name).join(', ')}, features and the coupon LAUNCH20 on each demo app`];
}
