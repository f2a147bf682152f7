// Refund a charge, fully or partly, optionally cancelling the user's plan after (spec 001
// section 4). The server queues the refund; the table then shows the charge pending.
import { useMemo, useState } from 'react';
import type { AppUserCharge } from '../../../../../generated/client/types.gen';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { useResourceMutation } from '../../../components/resource/use-resource';
import { refundBody, refundSchema } from './action-forms';
import type { RefundForm } from './action-forms';
import { charges, USER_TEXTS } from './resources';
import { RefundInputSchema } from '../../../../../generated/schemas/RefundInput';

export function RefundPopup({ path, charge, onClose }: { path: { appId: string; userId: string }; charge: AppUserCharge; onClose: () => void }) {
  const [mode, setMode] = useState<RefundForm['mode']>('full');
  const schema = useMemo(() => refundSchema({ charge }), [charge]);
  const refund = useResourceMutation({ operation: charges.update, refreshes: [charges.list.operationId, 'getAppUserStats'] });
  return (
    <ResourceFormPopup<RefundForm>
      open
      title="Refund charge"
      intro={USER_TEXTS.refundNotice}
      entry={RefundInputSchema}
      schema={schema}
      uiSchema={{ mode: { 'ui:widget': 'radio' }, refundAmount: mode === 'partial' ? {} : { 'ui:widget': 'hidden' }, 'ui:order': ['mode', 'refundAmount', 'cancelUserSubscription', '*'] }}
      formData={{ mode: 'full', cancelUserSubscription: false }}
      submitText="Refund"
      toasts={{ success: ({ message }) => message, error: USER_TEXTS.failure }}
      onChange={(data) => setMode(data.mode ?? 'full')}
      onSubmit={(form) => refund.mutateAsync({ path: { ...path, chargeId: charge.id }, body: refundBody({ form, platform: charge.platform }) })}
      onClose={onClose}
    />
  );
}
