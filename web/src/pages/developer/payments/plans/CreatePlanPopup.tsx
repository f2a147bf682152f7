// 'Create plan': a name (and an optional description); the new plan starts inactive and the
// editor opens on it.
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createPlan } from '../../../../../../generated/client/sdk.gen';
import type { PlanInput } from '../../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { callApi } from '../../../../../../forms/call-api';
import { Modal } from '../../../../components/Modal';
import { pickSchema } from '../../lib/schema';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';
import { PAYMENT_TEXTS } from '../texts';

export function CreatePlanPopup({ appId, open, onClose }: { appId: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const schema = useMemo(() => pickSchema({ name: 'PlanInput', keys: ['name', 'description'] }), []);
  return (
    <Modal open={open} title="Create plan" onClose={onClose}>
      <p className="dp-muted" style={{ margin: 0 }}>New plans start inactive: set their prices and features, then turn them on.</p>
      <SchemaForm<Pick<PlanInput, 'name' | 'description'>>
        schemaName="PlanInput"
        schema={schema}
        uiSchema={{ name: { 'ui:autofocus': true, 'ui:placeholder': 'Pro' } }}
        submitText="Create plan"
        toasts={{ success: PAYMENT_TEXTS.planSaved, error: PAYMENT_TEXTS.saveFailed }}
        onSubmit={async (data) => {
          const result = await callApi(createPlan({ path: { appId }, body: { name: data.name.trim(), description: data.description } }));
          await refresh('listPlans');
          onClose();
          void navigate(appPath(appId, 'payments', `plan/${result.data.planId}`));
          return result;
        }}
      />
    </Modal>
  );
}
