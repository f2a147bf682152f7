// The plan list stage: the controls (bundle types, billing cycle, widgets count), the plan
// cards, the Agency card on bundles, the comparison table with its scroll button, and the
// custom-plan link.
import { useRef, useState } from 'react';
import type { FeatureDefinition, PaymentPlan } from '../../../../../generated/client/types.gen';
import { DEFAULT_WIDGET_COUNT } from '../../../../../rules/pricing-math';
import { AgencyCard } from './AgencyCard';
import { BundleTypes } from './BundleTypes';
import { ComparisonTable } from './ComparisonTable';
import { CycleToggle } from './CycleToggle';
import type { Cycle } from './CycleToggle';
import { PlanCard } from './PlanCard';
import { planCardOf } from './plan-card-model';
import { planButton } from './plan-button';
import type { CurrentSubscription } from './plan-button';
import type { PricingRoute } from './pricing-route';
import { plansShown } from './plans-shown';
import { CUSTOM_PLAN_URL, WidgetsCountPicker } from './WidgetsCountPicker';

export interface PlanChoice {
  plan: PaymentPlan;
  variantId: string;
  action: ReturnType<typeof planButton>['action'];
}

export function PlanList({ route, plans, features, signedIn, current, initialCycle, onChoose }: {
  route: PricingRoute;
  plans: PaymentPlan[];
  features: FeatureDefinition[];
  signedIn: boolean;
  current?: CurrentSubscription;
  initialCycle: Cycle;
  onChoose: (choice: PlanChoice) => void;
}) {
  const [cycle, setCycle] = useState<Cycle>(initialCycle);
  const [widgets, setWidgets] = useState(DEFAULT_WIDGET_COUNT);
  const comparison = useRef<HTMLElement>(null);
  const shown = plansShown({ plans, view: route.view, widgets });
  const bundleChoice = route.view === 'bundles' || route.view === 'minibundles' || route.view === 'per-app';

  return (
    <>
      <div className="pricing__controls">
        {bundleChoice ? <BundleTypes route={route} appService={route.view === 'per-app' ? route.serviceName : undefined} /> : null}
        <CycleToggle view={route.view} cycle={cycle} onChange={setCycle} />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => comparison.current?.scrollIntoView({ behavior: 'smooth' })}>
          Compare all features ↓
        </button>
      </div>
      {route.view === 'widgetsbundle' ? <WidgetsCountPicker value={widgets} onChange={setWidgets} /> : null}
      <div className="plan-cards">
        {shown.map((plan, index) => {
          const card = planCardOf({ plan, features, cycle });
          const button = planButton({ signedIn, view: route.view, plan, variantId: card.variantId, current });
          return (
            <PlanCard
              key={plan.planId}
              card={card}
              button={button}
              featured={plan.meta.core === true}
              second={index === 1}
              onSelect={() => onChoose({ plan, variantId: card.variantId ?? '', action: button.action })}
            />
          );
        })}
      </div>
      {route.view === 'bundles' ? <AgencyCard /> : null}
      <ComparisonTable ref={comparison} plans={shown} features={features} />
      <p className="pricing__footer">
        Need more? <a href={CUSTOM_PLAN_URL} target="_blank" rel="noreferrer">Ask us for a custom plan</a>
      </p>
    </>
  );
}
