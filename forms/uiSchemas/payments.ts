// uiSchemas of the payments screens (spec 001 section 2): the plan editor, the feature and
// coupon popups; their fields come in document order, hidden, locked and shown as the
// document's `x-ui` says. The plan editor adds per-feature fields from the data
// (web/src/pages/developer/payments/lib/plan-form.ts).
import type { UiSchema } from '@rjsf/utils';

const PERIOD_NAMES = ['Day', 'Week', 'Month', 'Year', 'One-time'];

export const paymentsUiSchemas: Record<string, UiSchema> = {
  PlanInput: {
    name: { 'ui:placeholder': 'Pro' },
    description: { 'ui:widget': 'textarea', 'ui:placeholder': 'What buyers get with this plan', 'ui:options': { rows: 3 } },
    isActive: { 'ui:widget': 'switch', 'ui:help': 'Only active plans are offered to buyers.' },
    isFree: { 'ui:widget': 'switch', 'ui:help': 'A free plan has no prices and no trial.' },
    trialCount: { 'ui:help': 'Days before the first payment, up to 999.' },
    currency: { 'ui:placeholder': 'usd', 'ui:help': 'Three-letter code, for example usd or eur.' },
    // Kept as the API holds it; the plans list sets the order by drag.
    meta: { 'ui:widget': 'hidden' },
    pricingVariants: {
      'ui:options': { orderable: false, addText: 'Add price' },
      items: {
        id: { 'ui:widget': 'hidden' },
        name: { 'ui:placeholder': 'Monthly' },
        priceCount: { 'ui:placeholder': '9.99' },
        pricePeriod: { 'ui:enumNames': PERIOD_NAMES },
        pricePeriodCount: { 'ui:title': 'Every' },
      },
    },
  },
  FeatureInput: {
    id: { 'ui:widget': 'hidden' },
    meta: { 'ui:widget': 'hidden' },
    displayName: { 'ui:placeholder': 'Max products', 'ui:autofocus': true },
    name: { 'ui:help': 'Made from the display name: camel case, letters and digits.' },
    description: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
    type: { 'ui:enumNames': ['Switch (yes or no)', 'Number', 'Text'] },
  },
  CouponInput: {
    couponName: { 'ui:placeholder': 'Black Friday', 'ui:autofocus': true },
    platformCouponCode: { 'ui:help': 'What buyers type at checkout, up to 20 characters.' },
    discountType: { 'ui:enumNames': ['Percentage', 'Flat amount'] },
    durationType: { 'ui:enumNames': ['Forever', 'Once', 'Repeating'] },
    appliesTo: { 'ui:widget': 'checkboxes' },
  },
};
