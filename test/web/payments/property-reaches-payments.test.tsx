/** @jest-environment ./test/web/jsdom-environment.ts */
// The payments screens follow the document: a property added to Plan/PlanInput, Feature/FeatureInput
// and Coupon/CouponInput reaches the plans list, the plan editor (shown, refilled, sent), the
// features list and popup, the whole-list save of the other features, and the coupons list and popup.
import { render, screen } from '@testing-library/react';
import type { Coupon, Feature, Plan } from '../../../generated/client/types.gen';
import { hiddenColumnsOf, resourceColumns } from '../../../forms/resource/columns';
import { formValuesOf } from '../../../forms/resource/form-hints';
import { SchemaForm } from '../../../forms/SchemaForm';
import { schemaOf } from '../../../forms/schemas';
import { entryNamed, schemaNamed } from '../../helpers/schema-entries';
import { features } from '../../../web/src/pages/developer/payments/features/resource';
import { coupons } from '../../../web/src/pages/developer/payments/coupons/resource';
import { couponFormSchema } from '../../../web/src/pages/developer/payments/lib/coupon-form';
import { featureFormSchema } from '../../../web/src/pages/developer/payments/lib/feature-form';
import { planFormSchema, toPlanForm, toPlanInput } from '../../../web/src/pages/developer/payments/lib/plan-form';
import type { PlanForm } from '../../../web/src/pages/developer/payments/lib/plan-form';
import { planColumns } from '../../../web/src/pages/developer/payments/plans/PlansTab';
import { CouponInputSchema } from '../../../generated/schemas/CouponInput';
import { PlanInputSchema } from '../../../generated/schemas/PlanInput';

const PROBE = { type: 'string', title: 'Probe note', maxLength: 200 };
const EDITED = ['Plan', 'PlanInput', 'Feature', 'FeatureInput', 'Coupon', 'CouponInput'];

// As `npm run generate` would give them after the document's edit.
beforeAll(() => {
  for (const name of EDITED) schemaNamed(name).properties.probeNote = PROBE;
});
afterAll(() => {
  for (const name of EDITED) delete schemaNamed(name).properties.probeNote;
});

const FEATURE: Feature = { id: 'f1', name: 'seats', displayName: 'Seats', description: '', type: 'number', value: 3, meta: { origin: 'import' } };
const PLAN = {
  planId: 'p1', name: 'Pro', description: '', isActive: true, isFree: false, trialCount: 7, currency: 'usd', order: 2, features: { seats: 5 }, meta: {},
  pricingVariants: [{ id: 'v1', name: 'Monthly', priceCount: 9.99, pricePeriod: 'month', pricePeriodCount: 1 }], connectedPlatforms: [],
  created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z', probeNote: 'plan note',
} as Plan;
const COUPON = { couponId: 'c1', couponName: 'Spring', platform: 'stripe', platformCouponCode: 'SPRING', discountType: 'percentage', discountAmount: 20, discountCurrency: 'usd', durationType: 'forever', timesRedeemed: 0, appliesTo: ['price_1'], created: '', updated: '', probeNote: 'coupon note' } as Coupon;

const shown = (name: string) => {
  const schema = schemaOf(entryNamed(name));
  const hidden = new Set(hiddenColumnsOf({ schema }));
  return resourceColumns({ schema }).filter((column) => !hidden.has(column.field)).map((column) => column.header);
};

describe('a property added to the payments schemas', () => {
  it('is a column of the plans list, after the hinted ones', () => {
    expect(planColumns().map((column) => column.header)).toEqual(['Plan name', 'Prices', 'Connected providers', 'Active', 'Probe note']);
  });

  it('is a field of the plan editor, refilled from the plan and sent with it', () => {
    const form = toPlanForm({ plan: PLAN, features: [FEATURE] });
    expect(form).toEqual(expect.objectContaining({ probeNote: 'plan note', features: { seats: 5 } }));
    render(<SchemaForm<PlanForm> entry={PlanInputSchema} schema={planFormSchema({ features: [FEATURE], values: form })} formData={form} submitText="Save plan" onSubmit={async () => ({})} />);
    expect((screen.getByLabelText('Probe note') as HTMLInputElement).value).toBe('plan note');
  });

  it('is kept when a plan is saved at its new order', () => {
    expect(toPlanInput({ plan: PLAN, order: 0 })).toEqual(expect.objectContaining({ probeNote: 'plan note', order: 0, name: 'Pro' }));
  });

  it('is a column of the features list and a field of its popup', () => {
    expect(shown('Feature')).toEqual(['Display name', 'Name', 'Description', 'Type', 'Default value', 'Probe note']);
    expect(Object.keys((featureFormSchema('number') as { properties: object }).properties)).toContain('probeNote');
  });

  it('survives the whole-list save an edit of another feature sends', () => {
    expect(features.saveAll?.toInput({ ...FEATURE, probeNote: 'feature note' } as Feature)).toEqual(expect.objectContaining({ id: 'f1', probeNote: 'feature note', meta: { origin: 'import' } }));
  });

  it('is a column of the coupons list, a field of its popup, and refills the edit popup', () => {
    expect(shown('Coupon')).toEqual(['Name', 'Code', 'Platform', 'Discount', 'Duration', 'Uses', 'Expires', 'Probe note']);
    expect(Object.keys((couponFormSchema({ platforms: ['stripe'], choices: [], values: {} }) as { properties: object }).properties)).toContain('probeNote');
    expect(coupons.form?.fromRow).toBeUndefined();
    expect(formValuesOf({ schema: schemaOf(CouponInputSchema), record: COUPON })).toEqual(expect.objectContaining({ probeNote: 'coupon note', couponName: 'Spring' }));
  });
});
