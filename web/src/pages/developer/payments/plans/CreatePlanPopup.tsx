// 'Create plan': the PlanInput fields of the document's `create` form part (a name and an
// optional description); the new plan starts inactive and the editor opens on it.
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createPlan } from '../../../../../../generated/client/sdk.gen';
import type { PlanInput } from '../../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { callApi } from '../../../../../../forms/call-api';
import { formPartSchema } from '../../../../../../forms/resource/form-parts';
import { schemaOf } from '../../../../../../forms/schemas';
import { Modal } from '../../../../components/Modal';
import { refresh } from '../../lib/queries';
import { appPath } from '../../shell/menu';
import { PAYMENT_TEXTS } from '../texts';
import { PlanInputSchema } from '../../../../../../generated/schemas/PlanInput';

export function CreatePlanPopup({ appId, open, onClose }: { appId: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(PlanInputSchema), part: 'create' }), []);
  return (
    <Modal open={open} title="Create plan" onClose={onClose}>
      <p className="dp-muted" style={{ margin: 0 }}>New plans start inactive: set their prices and features, then turn them on.</p>
      <SchemaForm<PlanInput>
        entry={PlanInputSchema}
        schema={schema}
        uiSchema={{ name: { 'ui:autofocus': true, 'ui:placeholder': 'Pro' } }}
        submitText="Create plan"
        toasts={{ success: PAYMENT_TEXTS.planSaved, error: PAYMENT_TEXTS.saveFailed }}
        onSubmit={async (data) => {
          const result = await callApi(createPlan({ path: { appId }, body: { ...data, name: data.name.trim() } }));
          await refresh('listPlans');
          onClose();
          void navigate(appPath(appId, 'payments', `plan/${result.data.planId}`));
          return result;
        }}
      />
    </Modal>
  );
}
