// The billing-cycle toggle: Monthly / Yearly, with the view's saving badge (spec 002 section 9).
import type { PricingView } from '../../../../../rules/pricing-math';
import { saveBadge } from '../../../../../rules/pricing-math';

export type Cycle = 'month' | 'year';

export function CycleToggle({ view, cycle, onChange }: { view: PricingView; cycle: Cycle; onChange: (cycle: Cycle) => void }) {
  return (
    <div className="cycle-toggle" role="radiogroup" aria-label="Billing cycle">
      {(['month', 'year'] as const).map((option) => (
        <button key={option} type="button" role="radio" aria-checked={cycle === option} className="cycle-toggle__option" onClick={() => onChange(option)}>
          {option === 'month' ? 'Monthly' : 'Yearly'}
        </button>
      ))}
      <span className="cycle-toggle__badge">{saveBadge(view)}</span>
    </div>
  );
}
