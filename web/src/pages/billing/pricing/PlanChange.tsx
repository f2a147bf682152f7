// A subscriber's plan change from the pricing page: Switch Plan opens the switch popup, which
// calls updateSubscription (widgets bundle) or the source's changePlan; Cancel Plan (the free
// plan) opens the cancellation popup. Refusals: 'less widgets' opens the Change Plan popup, the
// rest show a toast (the trial's and the free plan's texts come from the server).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changePlan, changeVendorPlan, updateSubscription } from '../../../../../generated/client/sdk.gen';
import type { CurrentPlan } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { BILLING_FALLBACKS, BILLING_MESSAGES, BILLING_TOASTS, isLessWidgetsError } from '../../../../../rules/billing-messages';
import { periodOfVariantIndex } from '../../../../../rules/pricing-math';
import { billingError, billingSuccess, failureText } from '../billing-toast';
import { CancelPopup } from '../CancelPopup';
import { ChangePlanRefusedPopup } from './ChangePlanRefusedPopup';
import type { PlanChoice } from './PlanList';
import { planCardOf } from './plan-card-model';
import { PlanSwitchPopup } from './PlanSwitchPopup';
import type { PricingRoute } from './pricing-route';

const newKey = (): string => crypto.randomUUID();

export function PlanChange({ route, choice, current, onClose }: { route: PricingRoute; choice: PlanChoice; current: CurrentPlan; onClose: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // One key for this popup's change: a second click or a retry is the same request.
  const [key] = useState(newKey);
  const refresh = () => client.invalidateQueries();

  if (choice.action === 'cancel') {
    return <CancelPopup subscription={{ ...current, family: route.planType }} onClose={onClose} onCancelled={() => void refresh().then(onClose)} />;
  }
  if (refused) return <ChangePlanRefusedPopup message={refused} onClose={onClose} />;

  const { plan, variantId } = choice;
  const update = async () => {
    if (busy) return;
    setBusy(true);
    const headers = { 'Idempotency-Key': key };
    const query = { serviceName: route.serviceName };
    const body = { newPlanId: plan.planId, newSubscriptionTypeId: variantId };
    const source = current.source === 'paypal' ? 'paypal' : 'bluesnap';
    try {
      const answer = await callApi<{ message: string }>(
        route.view === 'widgetsbundle'
          ? updateSubscription({ path: { componentType: route.planType }, body: { subscriptionId: current.subscriptionId, planId: plan.planId, pricingVariantId: variantId }, headers })
          : route.vendor
            ? changeVendorPlan({ path: { source, vendor: route.vendor, subscriptionId: current.subscriptionId }, query, body, headers })
            : changePlan({ path: { source, subscriptionId: current.subscriptionId }, query, body, headers }),
      );
      billingSuccess(answer.message || BILLING_MESSAGES.updated);
      await refresh();
      onClose();
    } catch (thrown) {
      const message = failureText({ thrown, fallback: BILLING_FALLBACKS.updatePlan });
      if (isLessWidgetsError(message)) setRefused(message);
      else billingError({ thrown, fallback: BILLING_TOASTS.changeFailed });
    } finally {
      setBusy(false);
    }
  };

  const card = planCardOf({ plan, features: [], cycle: periodOfVariantIndex(Math.max(0, plan.pricingVariants.findIndex((v) => v.id === variantId))) });
  return <PlanSwitchPopup currentName={current.name} newName={plan.name} newPrice={`${card.perMonth} / month, ${card.billed}`} busy={busy} onUpdate={() => void update()} onClose={onClose} />;
}
