// Which plans the cards show. In the widgets bundle the picked widgets count (numberOfInstances)
// chooses: each tier shows its smallest plan that holds the count, tiers that cannot hold it are
// left out (when none can, the biggest plan stays, beside the Custom Plan link), and the free plan
// always shows. Other families show every plan.
import type { PlanLike } from './plan-card-model';

const instancesOf = (plan: PlanLike): number => (typeof plan.features.numberOfInstances === 'number' ? plan.features.numberOfInstances : 0);

export function plansShown<P extends PlanLike>({ plans, view, widgets }: { plans: readonly P[]; view: string; widgets: number }): P[] {
  if (view !== 'widgetsbundle') return [...plans];
  const free = plans.filter((plan) => plan.isFree);
  const paid = plans.filter((plan) => !plan.isFree);
  const tiers = new Map<string, P[]>();
  for (const plan of paid) {
    const tier = plan.meta.planName || plan.name;
    tiers.set(tier, [...(tiers.get(tier) ?? []), plan]);
  }
  const fitting = [...tiers.values()].flatMap((tier) => {
    const fit = [...tier].sort((a, b) => instancesOf(a) - instancesOf(b)).find((plan) => instancesOf(plan) >= widgets);
    return fit ? [fit] : [];
  });
  const biggest = [...paid].sort((a, b) => instancesOf(b) - instancesOf(a)).slice(0, 1);
  const chosen = new Set<P>([...free, ...(fitting.length > 0 ? fitting : biggest)]);
  // Keep the plans' own order.
  return plans.filter((plan) => chosen.has(plan));
}
