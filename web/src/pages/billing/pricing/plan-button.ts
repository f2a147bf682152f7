// The plan button's label and what it does, by the caller's state (spec 002 section 4):
// visitors Sign Up (paid) or Start For Free; without an active subscription Upgrade Now (paid
// plans; Select Plan on one app's plans) and Current Plan on the free plan; with one, Current
// Plan (disabled) on it, Switch Plan on the other paid plans, Cancel Plan on the free plan.
import type { PricingView } from '../../../../../rules/pricing-math';

export type PlanAction = 'signup' | 'checkout' | 'switch' | 'cancel' | 'none';

export interface PlanButton {
  label: string;
  action: PlanAction;
  disabled: boolean;
}

export interface CurrentSubscription {
  subscriptionId: string;
  planId: string;
  planPricingVariantId: string;
  status: string;
  source: string;
  version?: number;
}

export function planButton({ signedIn, view, plan, variantId, current }: {
  signedIn: boolean;
  view: PricingView;
  plan: { planId: string; isFree: boolean };
  variantId?: string;
  current?: CurrentSubscription;
}): PlanButton {
  if (!signedIn) return { label: plan.isFree ? 'Start For Free' : 'Sign Up', action: 'signup', disabled: false };
  if (!current) {
    if (plan.isFree) return { label: 'Current Plan', action: 'none', disabled: true };
    return { label: view === 'per-app' ? 'Select Plan' : 'Upgrade Now', action: 'checkout', disabled: false };
  }
  if (plan.planId === current.planId && (variantId === undefined || variantId === current.planPricingVariantId)) {
    return { label: 'Current Plan', action: 'none', disabled: true };
  }
  if (plan.isFree) return { label: 'Cancel Plan', action: 'cancel', disabled: false };
  return { label: 'Switch Plan', action: 'switch', disabled: false };
}
