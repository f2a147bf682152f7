// Plans tab (spec 001 section 2): the app's plans in their order, as rows whose columns are the
// Plan schema's (its `x-ui` hints lead with the name, prices, providers and the active flag);
// drag to reorder (each moved plan is saved whole at its new order), create, open the editor.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { updatePlan } from '../../../../../../generated/client/sdk.gen';
import type { Plan } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { hiddenColumnsOf, resourceColumns } from '../../../../../../forms/resource/columns';
import type { ResourceColumn } from '../../../../../../forms/resource/columns';
import { schemaOf } from '../../../../../../forms/schemas';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';
import { SortableRows } from '../../../../components/resource/SortableRows';
import { changedOrders } from '../../../../components/sortable/reorder';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { toPlanInput } from '../lib/plan-form';
import { priceSummary } from '../lib/price';
import { providerName } from '../lib/providers';
import { usePlans } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';
import { CreatePlanPopup } from './CreatePlanPopup';
import { PlanSchema } from '../../../../../../generated/schemas/Plan';

/** The Plan schema's listed columns: dragged rows have no Columns menu, so hidden ones stay out. */
export function planColumns(): ResourceColumn[] {
  const hidden = new Set(hiddenColumnsOf({ schema: schemaOf(PlanSchema) }));
  return resourceColumns({ schema: schemaOf(PlanSchema) }).filter((column) => !hidden.has(column.field));
}

const editorOf = ({ appId, plan }: { appId: string; plan: Plan }) => appPath(appId, 'payments', `plan/${plan.planId}`);

/** What the schema's formats cannot say: the name leads to the editor, prices read as one line with the trial, flags as badges. */
const planCells = (appId: string) => ({
  name: (plan: Plan) => <Link className="pay-plan__name" to={editorOf({ appId, plan })}>{plan.name}</Link>,
  pricingVariants: (plan: Plan) => `${priceSummary(plan)}${plan.trialCount > 0 ? ` · ${plan.trialCount}-day trial` : ''}`,
  connectedPlatforms: (plan: Plan) => (plan.connectedPlatforms?.length ? <span className="pay-plan__badges">{plan.connectedPlatforms.map((p) => <span key={p} className="dp-badge info">{providerName(p)}</span>)}</span> : null),
  isActive: (plan: Plan) => <span className={`dp-badge${plan.isActive ? ' ok' : ''}`}>{plan.isActive ? 'Active' : 'Inactive'}</span>,
});

export function PlansTab({ appId }: { appId: string }) {
  const plans = usePlans(appId);
  const [creating, setCreating] = useState(false);
  useProviderLoadToast({ error: plans.error, title: PAYMENT_TEXTS.plansFailed });
  const columns = useMemo(() => planColumns(), []);
  const cells = useMemo(() => planCells(appId), [appId]);

  const reorder = async (next: Plan[]) => {
    await Promise.all(
      changedOrders({ items: next, orderOf: (p) => p.order }).map(({ item, order }) =>
        callApi(updatePlan({ path: { appId, planId: item.planId }, body: toPlanInput({ plan: item, order }) })),
      ),
    ).finally(() => refresh('listPlans'));
  };

  return (
    <section className="dp-stack" aria-label="Plans">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <p className="dp-muted" style={{ margin: 0 }}>Drag a plan by its handle to change the order buyers see.</p>
        <button type="button" className="dp-btn primary" onClick={() => setCreating(true)}>+ Create plan</button>
      </div>
      <SortableRows<Plan>
        label="Plans"
        rows={plans.data?.data}
        pending={plans.isPending}
        error={plans.error}
        columns={columns}
        cells={cells}
        idOf={(plan) => plan.planId}
        nameOf={(plan) => plan.name}
        actions={(plan) => <Link className="dp-btn small" to={editorOf({ appId, plan })}>Edit</Link>}
        emptyText={PAYMENT_TEXTS.noItems}
        failure={PAYMENT_TEXTS.saveFailed}
        onReorder={reorder}
      />
      <CreatePlanPopup appId={appId} open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
