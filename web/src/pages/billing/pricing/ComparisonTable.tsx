// The feature comparison under the cards: every feature some plan shown has (hidden ones aside)
// by group, each plan's value in words; a scroll button above the cards leads here. A row that
// would read "—" for every plan compares nothing (spec 002: the table compares the plans' features),
// so it and a group left empty are dropped.
import { forwardRef } from 'react';
import type { FeatureLike, PlanLike } from './plan-card-model';
import { featureValueText } from './plan-card-model';

const hasValue = (value: unknown): boolean => value !== undefined && value !== false && value !== 0;

/** The groups and their rows: only features at least one of the plans has. */
export function comparisonGroups({ plans, features }: { plans: readonly PlanLike[]; features: readonly FeatureLike[] }): Array<[string, FeatureLike[]]> {
  const groups = new Map<string, FeatureLike[]>();
  for (const feature of features.filter((f) => !f.meta?.hidden && plans.some((plan) => hasValue(plan.features[f.name])))) {
    const group = feature.meta?.group ?? 'Features';
    groups.set(group, [...(groups.get(group) ?? []), feature]);
  }
  return [...groups];
}

function Cell({ feature, plan }: { feature: FeatureLike; plan: PlanLike }) {
  const value = plan.features[feature.name];
  if (!hasValue(value)) return <td className="comparison__no">—</td>;
  if (value === true) return <td className="comparison__yes" aria-label="Included">✓</td>;
  return <td>{featureValueText({ feature, value })}</td>;
}

export const ComparisonTable = forwardRef<HTMLElement, { plans: readonly PlanLike[]; features: readonly FeatureLike[] }>(function ComparisonTable({ plans, features }, ref) {
  return (
    <section ref={ref} className="comparison" aria-label="Compare plans">
      <h2>Compare plans</h2>
      <div className="comparison__scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {plans.map((plan) => (
                <th key={plan.planId} scope="col">{plan.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparisonGroups({ plans, features }).flatMap(([group, inGroup]) => [
              <tr key={`group-${group}`} className="comparison__group">
                <th colSpan={plans.length + 1} scope="colgroup">{group}</th>
              </tr>,
              ...inGroup.map((feature) => (
                <tr key={feature.name}>
                  <th scope="row">{feature.displayName}</th>
                  {plans.map((plan) => (
                    <Cell key={plan.planId} feature={feature} plan={plan} />
                  ))}
                </tr>
              )),
            ])}
          </tbody>
        </table>
      </div>
    </section>
  );
});
