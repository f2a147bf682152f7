// The widgets-count plan picker (spec 002 section 2): 1, 2, 3, 5, 10, 25, 50, 100, 250, 1000
// widgets, then Custom Plan, an external link. The count picks the widgets-bundle plan whose
// numberOfInstances covers it.
import { WIDGET_COUNT_OPTIONS } from '../../../../../rules/pricing-math';

const env = import.meta.env as Record<string, string | undefined>;
/** The custom-plan contact link (VITE_CUSTOM_PLAN_URL), else a mail to sales. */
export const CUSTOM_PLAN_URL = env.VITE_CUSTOM_PLAN_URL ?? 'mailto:sales@nindo.example?subject=Custom%20plan';

export function WidgetsCountPicker({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  return (
    <div className="widgets-count" role="group" aria-label="Number of widgets">
      <span className="widgets-count__label">How many widgets do you need?</span>
      <div className="widgets-count__options">
        {WIDGET_COUNT_OPTIONS.map((count) => (
          <button key={count} type="button" className="widgets-count__option" aria-pressed={count === value} onClick={() => onChange(count)}>
            {count}
          </button>
        ))}
        <a className="widgets-count__option widgets-count__custom" href={CUSTOM_PLAN_URL} target="_blank" rel="noreferrer">
          Custom Plan
        </a>
      </div>
    </div>
  );
}
