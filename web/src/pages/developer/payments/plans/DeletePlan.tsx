// Deleting a plan, behind a confirmation; the server refuses a plan still connected to a
// provider (409), and the popup shows why.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deletePlan } from '../../../../../../generated/client/sdk.gen';
import type { Plan } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';

export function DeletePlan({ appId, plan }: { appId: string; plan: Plan }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    const result = await callApi(deletePlan({ path: { appId, planId: plan.planId } }));
    toast.success(result.message || 'Plan deleted');
    setConfirming(false);
    await refresh('listPlans');
    void navigate(appPath(appId, 'payments', 'plans'));
  };
  return (
    <section className="dp-card dp-danger-zone">
      <h2>Delete plan</h2>
      <p className="dp-muted" style={{ marginTop: 0 }}>Disconnect every provider first: buyers may hold subscriptions to its provider plans.</p>
      <button type="button" className="dp-btn danger" onClick={() => setConfirming(true)}>Delete plan</button>
      <ConfirmPopup danger
        open={confirming}
        title="Delete plan"
        confirmText="Delete plan"
        text={`Delete ${plan.name} for good?`}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </section>
  );
}
