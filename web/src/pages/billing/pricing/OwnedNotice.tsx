// Owned states (spec 002 section 2): All-in-One owners see 'You already own all apps' (this app,
// on an app's page) with See Pricing; an app in the caller's mini-bundle shows 'You already own
// this app' with Edit Bundle.
import { PRICING_TEXTS } from './pricing-texts';

export type Owned = { kind: 'allApps' } | { kind: 'inBundle' };

export function OwnedNotice({ owned, perApp, onSeePricing, onEditBundle }: { owned: Owned; perApp: boolean; onSeePricing: () => void; onEditBundle: () => void }) {
  const allApps = owned.kind === 'allApps';
  return (
    <div className="owned card" role="status">
      <h2>{allApps && !perApp ? PRICING_TEXTS.ownAllApps : PRICING_TEXTS.ownThisApp}</h2>
      <p className="muted">{allApps ? 'Your All-in-One plan covers every app.' : 'This app is part of your bundle.'}</p>
      {allApps ? (
        <button type="button" className="btn btn-secondary" onClick={onSeePricing}>
          {PRICING_TEXTS.seePricing}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={onEditBundle}>
          {PRICING_TEXTS.editBundle}
        </button>
      )}
    </div>
  );
}
