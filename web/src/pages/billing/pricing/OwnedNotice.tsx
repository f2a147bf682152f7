// Owned states (spec 002 section 2): All-in-One owners see 'You already own all apps' (this app,
// on an app's page) with See Pricing; an app in the caller's mini-bundle shows 'You already own
// this app' with Edit Bundle.
import type { PricingView } from '../../../../../rules/pricing-math';
import { PRICING_TEXTS } from './pricing-texts';

export type Owned = { kind: 'allApps' } | { kind: 'inBundle' };

/** The All-in-One family: its owners own every app. */
const ALL_IN_ONE = 'bundle';

/**
 * An All-in-One subscription owns the apps' pages and the bundle views; an app in the caller's
 * mini-bundle owns that app's page. The widgets bundle is a product of its own: never owned.
 */
export function ownedState({ view, serviceName, covering, bundleApps }: { view: PricingView; serviceName: string; covering: ReadonlyArray<{ family: string }>; bundleApps: readonly string[] }): Owned | null {
  if (view === 'widgetsbundle' || view === 'bracketsninja') return null;
  if (covering.some((sub) => sub.family === ALL_IN_ONE)) return { kind: 'allApps' };
  return view === 'per-app' && bundleApps.includes(serviceName) ? { kind: 'inBundle' } : null;
}

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
