// Documents of the payments area (spec 001: plans, features, coupons, plan connections) and
// typed accessors to their collections. Every document carries its appId, so deleting the app
// deletes them (server/services/developer/app-data.ts). Plans and coupons are found by appId and
// their planId or couponId, unique per app only (the demo apps share plan ids such as demo-pro).
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import type { Coupon, Feature, Plan, PlanConnection } from '../../../generated/client/types.gen';

export interface PlanDoc extends Omit<Plan, 'connectedPlatforms'> {
  _id: string;
  appId: string;
  [key: string]: unknown;
}

/** One document per app holding its whole feature list, so saving the list is one write. */
export interface FeatureListDoc {
  _id: string;
  appId: string;
  features: Feature[];
  updated: string;
  [key: string]: unknown;
}

export interface CouponDoc extends Coupon {
  _id: string;
  appId: string;
  [key: string]: unknown;
}

export interface PlanConnectionDoc extends PlanConnection {
  _id: string;
  appId: string;
  created: string;
  [key: string]: unknown;
}

export const PAYMENT_PLANS = 'paymentPlans';
export const PAYMENT_FEATURES = 'paymentFeatures';
export const PAYMENT_COUPONS = 'paymentCoupons';
export const PLAN_CONNECTIONS = 'paymentPlanConnections';

export const PAYMENT_COLLECTIONS = [PAYMENT_PLANS, PAYMENT_FEATURES, PAYMENT_COUPONS, PLAN_CONNECTIONS];

export const plans = (ctx: AppContext): Collection<PlanDoc> => ctx.store.collection<PlanDoc>(PAYMENT_PLANS);
export const featureLists = (ctx: AppContext): Collection<FeatureListDoc> => ctx.store.collection<FeatureListDoc>(PAYMENT_FEATURES);
export const coupons = (ctx: AppContext): Collection<CouponDoc> => ctx.store.collection<CouponDoc>(PAYMENT_COUPONS);
export const planConnections = (ctx: AppContext): Collection<PlanConnectionDoc> => ctx.store.collection<PlanConnectionDoc>(PLAN_CONNECTIONS);

export const paymentIndexes: IndexSpec[] = [
  { collection: PAYMENT_PLANS, fields: { appId: 1, planId: 1 }, unique: true },
  { collection: PAYMENT_PLANS, fields: { appId: 1, order: 1 } },
  { collection: PAYMENT_FEATURES, fields: { appId: 1 } },
  { collection: PAYMENT_COUPONS, fields: { appId: 1, couponId: 1 }, unique: true },
  { collection: PAYMENT_COUPONS, fields: { appId: 1, created: -1 } },
  { collection: PAYMENT_COUPONS, fields: { appId: 1, platform: 1, platformCouponCode: 1 }, unique: true },
  { collection: PLAN_CONNECTIONS, fields: { appId: 1, planId: 1, platform: 1 } },
  { collection: PLAN_CONNECTIONS, fields: { appId: 1, platform: 1, platformPlanId: 1 } },
];
