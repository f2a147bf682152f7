// The older pricing layout, shown to a caller who already subscribes to the service (spec 002
// section 2): their subscription on top, then one row a plan with its price for the cycle
// (cycle total = monthly price x months minus the discount) and its button.
import { useState } from 'react';
import type { FeatureDefinition, PaymentPlan, ServiceSubscription } from '../../../../../generated/client/types.gen';
import { money } from '../../../../../rules/format-money';
import { cycleTotal } from '../../../../../rules/pricing-math';
import { CycleToggle } from './CycleToggle';
import type { Cycle } from './CycleToggle';
import type { PlanChoice } from './PlanList';
import { planCardOf } from './plan-card-model';
import { planButton } from './plan-button';
import type { PricingRoute } from './pricing-route';

/** Legacy cycles: a month at list price, a year at the plan's own yearly price as a discount percent. */
const discountOf = ({ monthly, yearly }: { monthly: number; yearly: number }): number => (monthly > 0 ? Math.max(0, Math.round((1 - yearly / (12 * monthly)) * 100)) : 0);

export function OlderLayout({ route, plans, features, subscription, onChoose }: {
  route: PricingRoute;
  plans: PaymentPlan[];
  features: FeatureDefinition[];
  subscription: ServiceSubscription;
  onChoose: (choice: PlanChoice) => void;
}) {
  const [cycle, setCycle] = useState<Cycle>(subscription.plan.period);
  return (
    <div className="older-layout">
      <p className="alert alert-info">
        Your plan: <strong>{subscription.plan.name}</strong>, {money(subscription.plan.amount)} a {subscription.plan.period} ({subscription.status}).
      </p>
      <div className="pricing__controls">
        <CycleToggle view={route.view} cycle={cycle} onChange={setCycle} />
      </div>
      {plans.map((plan) => {
        const card = planCardOf({ plan, features, cycle });
        const button = planButton({ signedIn: true, view: route.view, plan, variantId: card.variantId, current: subscription });
        const monthly = plan.pricingVariants[0]?.priceCount ?? 0;
        const yearly = plan.pricingVariants[1]?.priceCount ?? monthly * 12;
        const total = cycle === 'month' ? monthly : cycleTotal({ monthlyPrice: monthly, months: 12, discount: discountOf({ monthly, yearly }) });
        return (
          <div key={plan.planId} className="older-layout__row card">
            <div>
              <h2>{plan.name}</h2>
              <span className="muted">{card.features.slice(0, 3).join(' · ')}</span>
            </div>
            <strong>{plan.isFree ? 'No charge.' : `${money(total)} / ${cycle}`}</strong>
            <button type="button" className="btn btn-secondary" disabled={button.disabled} onClick={() => onChoose({ plan, variantId: card.variantId ?? '', action: button.action })}>
              {button.label}
            </button>
          </div>
        );
      })}
    </div>
  );
}
