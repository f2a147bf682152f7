// The Agency card of the bundles service: custom pricing, Contact us.
import { CUSTOM_PLAN_URL } from './WidgetsCountPicker';

export function AgencyCard() {
  return (
    <aside className="agency-card" aria-label="Agency">
      <div>
        <h2>Agency</h2>
        <p>Many clients, many websites? Get custom pricing for your agency.</p>
      </div>
      <a className="btn" href={CUSTOM_PLAN_URL} target="_blank" rel="noreferrer">
        Contact us
      </a>
    </aside>
  );
}
