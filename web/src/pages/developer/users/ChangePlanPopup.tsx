// Move a subscription to another plan and pricing variant of the app (spec 001 section 4):
// queued on the server, which 'might take a few minutes'.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listPlansOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { AppUserSubscription } from '../../../../../generated/client/types.gen';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { useResourceMutation } from '../../../components/resource/use-resource';
import { Loading } from '../../../components/Loading';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../lib/toasts';
import { changePlanSchema, currentPlan, followPlan } from './action-forms';
import type { ChangePlanForm } from './action-forms';
import { subscriptions, USER_TEXTS } from './resources';
import { ChangeSubscriptionInputSchema } from '../../../../../generated/schemas/ChangeSubscriptionInput';

export function ChangePlanPopup({ path, subscription, onClose }: { path: { appId: string; userId: string }; subscription: AppUserSubscription; onClose: () => void }) {
  const plans = useQuery(listPlansOptions({ path: { appId: path.appId } }));
  const [planId, setPlanId] = useState<string | undefined>(subscription.planId);
  const schema = useMemo(() => changePlanSchema({ plans: plans.data?.data ?? [], planId }), [plans.data, planId]);
  const change = useResourceMutation({ operation: subscriptions.update, refreshes: [subscriptions.list.operationId, 'getAppUserStats'] });
  if (!plans.isSuccess) {
    return (
      <Modal open title="Change plan" onClose={onClose}>
        <Loading active={plans.isPending}>{plans.isError && <p className="dp-error" role="alert">{errorMessage(plans.error)}</p>}</Loading>
      </Modal>
    );
  }
  return (
    <ResourceFormPopup<ChangePlanForm>
      open
      title="Change plan"
      intro={USER_TEXTS.asyncNotice}
      entry={ChangeSubscriptionInputSchema}
      schema={schema}
      formData={currentPlan({ plans: plans.data.data, subscription })}
      submitText="Change plan"
      toasts={{ success: ({ message }) => message, error: USER_TEXTS.failure }}
      derive={followPlan({ plans: plans.data.data })}
      onChange={(data) => setPlanId(data.planId)}
      onSubmit={(form) =>
        change.mutateAsync({
          path: { ...path, subId: subscription.id },
          body: { planId: form.planId ?? '', platform: subscription.platform, ...(form.planPricingVariantId ? { planPricingVariantId: form.planPricingVariantId } : {}) },
        })
      }
      onClose={onClose}
    />
  );
}
