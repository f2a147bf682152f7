// The plan editor's provider block (spec 001 sections 2, 4, 5, 8): pick one of the app's active
// payment integrations, give a provider plan id per price where the provider needs one, connect
// or disconnect. Blocked until there is an integration, a price, and no unsaved change.
import { useState } from 'react';
import { toast } from 'sonner';
import { connectPlan, disconnectPlan } from '../../../../../../generated/client/sdk.gen';
import type { Plan, PlanConnection } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { errorMessage } from '../../lib/toasts';
import { refresh } from '../../lib/queries';
import { money } from '../../../../../../rules/format-money';
import { connectBlock, connectedPlatforms, planIdsError, pricingToPlanMap } from '../lib/connect';
import { needsPlanIds, providerName } from '../lib/providers';
import { PAYMENT_TEXTS } from '../texts';

type ConnectBlockProps = {
  appId: string;
  plan: Plan;
  connections: ReadonlyArray<PlanConnection>;
  /** The app's active payment integrations (platform names). */
  providers: ReadonlyArray<string>;
  /** The form holds changes not saved yet. */
  dirty: boolean;
};

export function ConnectBlock({ appId, plan, connections, providers, dirty }: ConnectBlockProps) {
  const connected = connectedPlatforms(connections);
  const [platform, setPlatform] = useState(() => providers.find((p) => !connected.includes(p)) ?? providers[0] ?? '');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const blocked = connectBlock({ providers: providers.length, prices: plan.pricingVariants.length, dirty });
  const isConnected = connected.includes(platform);
  const ofPlatform = connections.filter((c) => c.platform === platform);
  const required = needsPlanIds(platform);

  const run = async (call: () => Promise<{ message: string }>, success: string) => {
    setPending(true);
    try {
      await call();
      toast.success(success);
      setTyped({});
      await refresh('listPlanConnections', 'getPlan', 'listPlans', 'listPaymentConnections');
    } catch (thrown) {
      toast.error(errorMessage(thrown));
    } finally {
      setPending(false);
    }
  };
  const connect = () => {
    const map = pricingToPlanMap(typed);
    const missing = planIdsError({ platform, variants: plan.pricingVariants, map });
    setError(missing);
    if (missing) return;
    void run(() => callApi(connectPlan({ path: { appId, planId: plan.planId }, body: { platform, pricingToPlanMap: map } })), PAYMENT_TEXTS.connected);
  };
  // Asked first: buyers can no longer reach the plan through that provider.
  const disconnect = async () => {
    await run(() => callApi(disconnectPlan({ path: { appId, planId: plan.planId }, body: { platform } })), PAYMENT_TEXTS.disconnected);
    setConfirming(false);
  };

  return (
    <section className="dp-card dp-stack" aria-label="Payment providers">
      <h2>Payment providers</h2>
      {connected.length > 0 && (
        <p className="dp-muted" style={{ margin: 0 }}>
          Connected to {connected.map(providerName).join(', ')}. The name, free flag, trial, currency and prices can no longer change.
        </p>
      )}
      {blocked ? (
        <p className="pay-notice" role="status">{blocked}</p>
      ) : (
        <>
          <label className="dp-labelled">
            <span>Provider</span>
            <select className="dp-select" value={platform} onChange={(e) => { setPlatform(e.target.value); setError(undefined); }}>
              {providers.map((p) => <option key={p} value={p}>{providerName(p)}{connected.includes(p) ? ' (connected)' : ''}</option>)}
            </select>
          </label>
          <table className="dp-table">
            <thead><tr><th>Price</th><th>{providerName(platform)} plan ID{required || isConnected ? '' : ' (optional)'}</th></tr></thead>
            <tbody>
              {plan.pricingVariants.map((v) => (
                <tr key={v.id}>
                  <td><strong>{v.name}</strong> <span className="dp-muted">{money(v.priceCount, plan.currency)} / {v.pricePeriod}</span></td>
                  <td>
                    {isConnected ? (
                      <code className="pay-plan-id">{ofPlatform.find((c) => c.planPricingVariantId === v.id)?.platformPlanId ?? '—'}</code>
                    ) : (
                      <input
                        className="dp-input"
                        aria-label={`${providerName(platform)} plan ID for ${v.name}`}
                        placeholder={required ? 'pri_...' : 'Created for you when empty'}
                        maxLength={200}
                        value={typed[v.id] ?? ''}
                        onChange={(e) => setTyped({ ...typed, [v.id]: e.target.value })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {error && <p className="dp-error" role="alert" style={{ margin: 0 }}>{error}</p>}
          <div className="dp-row">
            {isConnected ? (
              <button type="button" className="dp-btn" disabled={pending} aria-busy={pending} onClick={() => setConfirming(true)}>Disconnect {providerName(platform)}</button>
            ) : (
              <button type="button" className="dp-btn primary" disabled={pending} aria-busy={pending} onClick={connect}>Connect {providerName(platform)}</button>
            )}
          </div>
          <ConfirmPopup danger
            open={confirming}
            title={`Disconnect ${providerName(platform)}`}
            confirmText="Disconnect"
            text={`Disconnect ${plan.name} from ${providerName(platform)}? Its ${providerName(platform)} plan IDs are removed from this plan.`}
            onCancel={() => setConfirming(false)}
            onConfirm={disconnect}
          />
        </>
      )}
    </section>
  );
}
