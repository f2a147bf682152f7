// The payments screens' texts, word for word from spec 001 sections 2, 5 and 8.
export { providerProblem } from '../texts';

export const PAYMENT_TEXTS = {
  planSaved: 'Plan saved',
  saveFailed: 'Could not save changes',
  saving: 'Saving changes...',
  connected: 'Provider connected successfully',
  disconnected: 'Provider disconnected successfully',
  noIntegration: 'You need to add a payment integration before you connect a provider.',
  noPrice: 'You need to add at least one price to your plan.',
  unsaved: 'You made changes to the plan. Please save the plan before connecting a provider.',
  planIdsNeeded: 'Please add a plan ID for each pricing plan you defined.',
  couponsNeedPlan: 'Coupons will be available once you add your first payment plan.',
  couponsNeedIntegration: 'Coupons will be available once you connect a payment integration.',
  couponPlansNeeded: 'Please connect at least one plan to the coupon',
  noItems: 'Sorry, no items found',
  plansFailed: 'Could not load plans',
  featuresFailed: 'Could not load features',
  couponsFailed: 'Could not load coupons',
  connectionsFailed: 'Could not load connections',
  providersFailed: 'Could not load providers',
} as const;
