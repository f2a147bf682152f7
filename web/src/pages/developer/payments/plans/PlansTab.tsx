// Plans tab (spec 001 section 2): the app's plans in their order with their prices, active
// and free flags; drag to reorder (each moved plan's order is saved), create, open the editor.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { updatePlan } from '../../../../../../generated/client/sdk.gen';
import type { Plan } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { errorMessage } from '../../lib/toasts';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';
import { EmptyState } from '../../../../components/EmptyState';
import { Loading } from '../../../../components/Loading';
import { SortableList } from '../../../../components/sortable/SortableList';
import { changedOrders } from '../../../../components/sortable/reorder';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { toPlanInput } from '../lib/plan-form';
import { priceSummary } from '../lib/price';
import { providerName } from '../lib/providers';
import { usePlans } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';
import { CreatePlanPopup } from './CreatePlanPopup';

function PlanRow({ appId, plan }: { appId: string; plan: Plan }) {
  const editor = appPath(appId, 'payments', `plan/${plan.planId}`);
  return (
    <div className="pay-plan" data-plan={plan.name}>
      <div className="pay-plan__main">
        <Link className="pay-plan__name" to={editor}>{plan.name}</Link>
        <div className="pay-plan__price">{priceSummary(plan)}{plan.trialCount > 0 ? ` · ${plan.trialCount}-day trial` : ''}</div>
      </div>
      <div className="pay-plan__badges">
        {(plan.connectedPlatforms ?? []).map((p) => <span key={p} className="dp-badge info">{providerName(p)}</span>)}
        {plan.isFree && <span className="dp-badge">Free</span>}
        <span className={`dp-badge${plan.isActive ? ' ok' : ''}`}>{plan.isActive ? 'Active' : 'Inactive'}</span>
      </div>
      <Link className="dp-btn small" to={editor}>Edit</Link>
    </div>
  );
}

export function PlansTab({ appId }: { appId: string }) {
  const plans = usePlans(appId);
  const [creating, setCreating] = useState(false);
  const [moved, setMoved] = useState<Plan[] | null>(null);
  useProviderLoadToast({ error: plans.error, title: PAYMENT_TEXTS.plansFailed });
  const shown = moved ?? plans.data?.data ?? [];

  const reorder = async (next: Plan[]) => {
    setMoved(next);
    try {
      await Promise.all(
        changedOrders({ items: next, orderOf: (p) => p.order }).map(({ item, order }) =>
          callApi(updatePlan({ path: { appId, planId: item.planId }, body: toPlanInput({ plan: item, order }) })),
        ),
      );
    } catch (thrown) {
      toast.error(PAYMENT_TEXTS.saveFailed, { description: errorMessage(thrown) });
    }
    await refresh('listPlans');
    setMoved(null);
  };

  return (
    <section className="dp-stack" aria-label="Plans">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <p className="dp-muted" style={{ margin: 0 }}>Drag a plan by its handle to change the order buyers see.</p>
        <button type="button" className="dp-btn primary" onClick={() => setCreating(true)}>+ Create plan</button>
      </div>
      {plans.isError && <p className="dp-error" role="alert">{errorMessage(plans.error)}</p>}
      <Loading active={plans.isPending}>
        {plans.isSuccess && shown.length === 0 && <EmptyState title={PAYMENT_TEXTS.noItems} />}
        {shown.length > 0 && (
          <SortableList
            label="Plans"
            items={shown}
            idOf={(p) => p.planId}
            gripLabel={(p) => `Move ${p.name}`}
            disabled={moved !== null}
            onReorder={(next) => void reorder(next)}
            renderItem={(p) => <PlanRow appId={appId} plan={p} />}
          />
        )}
      </Loading>
      <CreatePlanPopup appId={appId} open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
