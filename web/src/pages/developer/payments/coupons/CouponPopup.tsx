// Create and edit popups of a coupon: the platform among the app's active paddle and stripe
// integrations, the plans among those connected there; name, code and platform read-only
// once the coupon exists.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listPaymentConnectionsOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { createCoupon, updateCoupon } from '../../../../../../generated/client/sdk.gen';
import type { Coupon, CouponInput, Plan } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { ResourceFormPopup } from '../../../../components/resource/ResourceFormPopup';
import { refresh } from '../../lib/queries';
import { checkCoupon, couponFormSchema, couponFormUiSchema, deriveCoupon, newCoupon, planChoices, toCouponInput } from '../lib/coupon-form';
import { PAYMENT_TEXTS } from '../texts';

type CouponPopupProps = {
  appId: string;
  /** The coupon edited; none to create one. */
  coupon?: Coupon;
  platforms: ReadonlyArray<string>;
  plans: ReadonlyArray<Plan>;
  onClose: () => void;
};

export function CouponPopup({ appId, coupon, platforms: active, plans, onClose }: CouponPopupProps) {
  // An existing coupon keeps its platform even if that integration was turned off since.
  const platforms = useMemo(() => (coupon ? [coupon.platform] : active), [coupon, active]);
  const initial = useMemo(() => (coupon ? toCouponInput(coupon) : newCoupon({ platform: platforms[0] })), [coupon, platforms]);
  const [draft, setDraft] = useState<Partial<CouponInput>>(initial);
  const platform = draft.platform ?? '';
  const connections = useQuery({ ...listPaymentConnectionsOptions({ path: { appId }, query: { platform } }), enabled: Boolean(platform) });
  const choices = useMemo(() => planChoices({ connections: connections.data?.data ?? [], plans }), [connections.data, plans]);
  const repeating = draft.durationType === 'repeating';
  const schema = useMemo(() => couponFormSchema({ platforms, choices, repeating }), [platforms, choices, repeating]);
  const uiSchema = useMemo(() => couponFormUiSchema({ platforms, choices, editing: Boolean(coupon) }), [platforms, choices, coupon]);

  const submit = async (body: CouponInput) => {
    const result = coupon
      ? await callApi(updateCoupon({ path: { appId, couponId: coupon.couponId }, body }))
      : await callApi(createCoupon({ path: { appId }, body: { ...body, couponName: body.couponName.trim(), platformCouponCode: body.platformCouponCode.trim() } }));
    await refresh('listCoupons');
    return result;
  };

  return (
    <ResourceFormPopup<CouponInput>
      open
      title={coupon ? 'Edit coupon' : 'Create coupon'}
      intro={choices.length === 0 && !connections.isPending ? PAYMENT_TEXTS.couponPlansNeeded : undefined}
      schemaName="CouponInput"
      schema={schema}
      uiSchema={uiSchema}
      formData={initial}
      submitText={coupon ? 'Save' : 'Create coupon'}
      derive={deriveCoupon}
      customValidate={checkCoupon}
      onChange={setDraft}
      toasts={{ success: (r) => r.message || (coupon ? 'Coupon saved' : 'Coupon created'), error: PAYMENT_TEXTS.saveFailed }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
