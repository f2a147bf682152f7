// The coupons tab as a resource description (spec 001 sections 2, 4, 5): every coupon at once,
// paged and sorted in the browser; columns from Coupon and its `x-ui` hints; the popups on
// CouponInput with the spec's starting values, the platform and plans to choose from the app's
// data (use-coupon-choices.ts), what the document locks read-only once the coupon exists;
// delete names the coupon's platform.
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../../../../../generated/client/sdk.gen';
import { listCouponsQueryKey } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { Coupon } from '../../../../../../generated/client/types.gen';
import { defineResource } from '../../../../../../forms/resource/description';
import { money } from '../../../../../../rules/format-money';
import { checkCoupon, couponFormSchema, couponFormUiSchema, deriveCoupon, newCoupon, trimCoupon } from '../lib/coupon-form';
import { providerName } from '../lib/providers';
import { PAYMENT_TEXTS } from '../texts';
import { useCouponChoices } from './use-coupon-choices';
import { CouponSchema } from '../../../../../../generated/schemas/Coupon';
import { CouponInputSchema } from '../../../../../../generated/schemas/CouponInput';

const discount = (c: Coupon): string => (c.discountType === 'percentage' ? `${c.discountAmount}%` : money(c.discountAmount, c.discountCurrency));
const uses = (c: Coupon): string => (c.maxRedemptions ? `${c.timesRedeemed} / ${c.maxRedemptions}` : String(c.timesRedeemed));

export const coupons = defineResource({
  schema: CouponSchema,
  idField: 'couponId',
  idParam: 'couponId',
  list: { operationId: 'listCoupons', call: listCoupons, queryKey: listCouponsQueryKey, clientSide: true },
  create: { operationId: 'createCoupon', call: createCoupon, body: CouponInputSchema },
  update: { operationId: 'updateCoupon', call: updateCoupon, body: CouponInputSchema },
  delete: { operationId: 'deleteCoupon', call: deleteCoupon, query: (coupon) => ({ platform: coupon.platform }) },
  // What the record schema cannot say: the discount in its unit, uses against the limit, the provider's name.
  cells: { discountAmount: discount, timesRedeemed: uses, platform: (coupon) => providerName(coupon.platform) },
  rowName: (coupon) => coupon.couponName,
  form: {
    useData: useCouponChoices,
    initial: ({ data }) => newCoupon({ platform: data?.platforms[0] }),
    schema: ({ data, draft }) => couponFormSchema({ platforms: data?.platforms ?? [], choices: data?.choices ?? [], values: draft }),
    uiSchema: ({ data }) => couponFormUiSchema({ platforms: data?.platforms ?? [], choices: data?.choices ?? [] }),
    derive: deriveCoupon,
    customValidate: () => checkCoupon,
    intro: ({ data }) => (data && data.choices.length === 0 && !data.pending ? PAYMENT_TEXTS.couponPlansNeeded : undefined),
    toBody: trimCoupon,
  },
  texts: {
    title: 'Coupons',
    createButton: '+ Create coupon',
    createTitle: 'Create coupon',
    createSubmit: 'Create coupon',
    editTitle: 'Edit coupon',
    deleteTitle: 'Delete coupon',
    deleteText: 'Delete {couponName} ({platformCouponCode})? Buyers can no longer use it.',
    empty: PAYMENT_TEXTS.noItems,
    failure: PAYMENT_TEXTS.saveFailed,
    loadFailed: PAYMENT_TEXTS.couponsFailed,
  },
});
