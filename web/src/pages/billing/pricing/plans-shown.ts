// Which plans the cards show. The widgets bundle has one plan per tier and widgets count
// (numberOfInstances): for the picked count each tier shows its smallest plan that holds it
// (else its largest); the free plan always shows. Other families show every plan.
import type { PlanLike } from './plan-card-model';

const instancesOf = (plan: PlanLike): number => (typeof plan.features.numberOfInstances === 'number' ? plan.features.numberOfInstances : 0);

export function plansShown<P extends PlanLike>({ plans, view, widgets }: { plans: readonly P[]; view: string; widgets: number }): P[] {
  if (view !== 'widgetsbundle') return [...plans];
  const tiers = new Map<string, P[]>();
  for (const plan of plans) {
    const tier = plan.isFree ? plan.planId : plan.meta.planName || plan.name;
    tiers.set(tier, [...(tiers.get(tier) ?? []), plan]);
  }
  return [...tiers.values()].map((tier) => {
    const bySize = [...tier].sort((a, b) => instancesOf(a) - instancesOf(b));
    return bySize.find((plan) => plan.isFree || instancesOf(plan) >= widgets) ?? bySize[bySize.length - 1];
  });
}
