// Plan editor /payments/plan/{planId} (spec 001 sections 2, 4, 5, 8): the plan's fields, its
// prices and feature values, and the provider block. The form fills from the plan as read and
// sends what it holds. Editing marks the plan unsaved, which blocks connecting; once connected,
// the fields the document locks are read-only.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { updatePlan } from '../../../../../../generated/client/sdk.gen';
import type { Feature, Plan, PlanConnection } from '../../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { callApi } from '../../../../../../forms/call-api';
import { errorMessage } from '../../lib/toasts';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';
import { PageHead } from '../../ui/PageHead';
import { Loading } from '../../../../components/Loading';
import { useIntegrations } from '../../integrations/use-integrations';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { checkPlan, planFormSchema, planFormUiSchema, sameForm, toPlanForm } from '../lib/plan-form';
import type { PlanForm } from '../lib/plan-form';
import { activeProviders, PLAN_PROVIDERS } from '../lib/providers';
import { useFeatures, usePlan, usePlanConnections } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';
import { ConnectBlock } from './ConnectBlock';
import { DeletePlan } from './DeletePlan';
import '../payments.css';
import { PlanInputSchema } from '../../../../../../generated/schemas/PlanInput';

type EditorProps = { appId: string; plan: Plan; features: ReadonlyArray<Feature>; connections: ReadonlyArray<PlanConnection>; providers: ReadonlyArray<string> };

function PlanEditor({ appId, plan, features, connections, providers }: EditorProps) {
  const saved = useMemo(() => toPlanForm({ plan, features }), [plan, features]);
  const [draft, setDraft] = useState<Partial<PlanForm>>(saved);
  const dirty = !sameForm(draft, saved);
  // The same schema object while the fields shown stay (the form compiles each new one).
  const shown = JSON.stringify(planFormSchema({ features, values: draft }));
  const schema = useMemo(() => JSON.parse(shown) as JsonSchema, [shown]);
  const uiSchema = useMemo(() => planFormUiSchema({ features, plan }), [features, plan]);

  const save = async (data: PlanForm) => {
    const result = await callApi(updatePlan({ path: { appId, planId: plan.planId }, body: { ...data, name: data.name.trim() } }));
    await refresh('getPlan', 'listPlans');
    return result;
  };

  return (
    <div className="pay-editor">
      <section className="dp-card" aria-label="Plan">
        <div className="dp-row" style={{ justifyContent: 'space-between', marginBottom: 12 }}>
          <h2 style={{ margin: 0 }}>Plan details</h2>
          {dirty && <span className="dp-badge warn">Unsaved changes</span>}
        </div>
        <SchemaForm<PlanForm>
          entry={PlanInputSchema}
          schema={schema}
          uiSchema={uiSchema}
          formData={saved}
          customValidate={checkPlan}
          onChange={setDraft}
          submitText="Save plan"
          toasts={{ pending: PAYMENT_TEXTS.saving, success: PAYMENT_TEXTS.planSaved, error: PAYMENT_TEXTS.saveFailed }}
          onSubmit={save}
        />
      </section>
      <div className="dp-stack">
        <ConnectBlock key={connections.length} appId={appId} plan={plan} connections={connections} providers={providers} dirty={dirty} />
        <DeletePlan appId={appId} plan={plan} />
      </div>
    </div>
  );
}

export default function PlanEditorPage() {
  const { appId = '', planId = '' } = useParams();
  const plan = usePlan({ appId, planId });
  const features = useFeatures(appId);
  const connections = usePlanConnections({ appId, planId });
  const { integrations } = useIntegrations(appId);
  useProviderLoadToast({ error: integrations.error, title: PAYMENT_TEXTS.providersFailed });
  useProviderLoadToast({ error: features.error, title: PAYMENT_TEXTS.featuresFailed });
  useProviderLoadToast({ error: connections.error, title: PAYMENT_TEXTS.connectionsFailed });
  const providers = activeProviders({ integrations: integrations.data?.data ?? [], among: PLAN_PROVIDERS });
  const data = plan.data?.data;
  const ready = data && features.data && connections.data && !integrations.isPending;
  return (
    <div className="dp-stack">
      <Link className="pay-back" to={appPath(appId, 'payments', 'plans')}>← Plans</Link>
      <PageHead title={data?.name ?? 'Plan'} text="Prices, trial and the features this plan carries, and the payment providers it is sold through.">
        {data && <span className={`dp-badge${data.isActive ? ' ok' : ''}`}>{data.isActive ? 'Active' : 'Inactive'}</span>}
        {data?.isFree && <span className="dp-badge info">Free</span>}
      </PageHead>
      {plan.isError && <p className="dp-error" role="alert">{errorMessage(plan.error)}</p>}
      <Loading active={plan.isPending || features.isPending || connections.isPending}>
        {ready && (
          <PlanEditor
            key={data.updated}
            appId={appId}
            plan={data}
            features={features.data.data}
            connections={connections.data.data}
            providers={providers}
          />
        )}
      </Loading>
    </div>
  );
}
