/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feature, Plan } from '../../../generated/client/types.gen';
import { SchemaForm } from '../../../forms/SchemaForm';
import { checkPlan, planFormSchema, planFormUiSchema, sameForm, toPlanForm } from '../../../web/src/pages/developer/payments/lib/plan-form';
import type { PlanForm } from '../../../web/src/pages/developer/payments/lib/plan-form';
import { PlanInputSchema } from '../../../generated/schemas/PlanInput';

const feature = (name: string, type: Feature['type'], value: Feature['value']): Feature => ({ id: name, name, displayName: `The ${name}`, description: '', type, value, meta: {} });
const FEATURES = [feature('removeBranding', 'boolean', false), feature('maxProducts', 'number', 10), feature('supportLevel', 'string', 'email')];

const PLAN: Plan = {
  planId: 'p1', name: 'Pro', description: '', isActive: false, isFree: false, trialCount: 7, currency: 'eur', order: 0,
  features: { maxProducts: 500 }, meta: {},
  pricingVariants: [{ id: 'v1', name: 'Monthly', priceCount: 9.99, pricePeriod: 'month', pricePeriodCount: 1 }],
  created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z',
};

type Properties = { properties: Record<string, { type?: string; properties?: Record<string, { type?: string }> }> };

describe('plan editor form', () => {
  it('gives each feature of the app a field of its type', () => {
    const { properties } = planFormSchema({ features: FEATURES, values: { isFree: false } }) as unknown as Properties;
    expect(Object.entries(properties.features.properties ?? {}).map(([name, p]) => [name, p.type])).toEqual([
      ['removeBranding', 'boolean'],
      ['maxProducts', 'number'],
      ['supportLevel', 'string'],
    ]);
  });

  it('drops prices and trial from a free plan', () => {
    const { properties } = planFormSchema({ features: FEATURES, values: { isFree: true } }) as unknown as Properties;
    expect(properties.pricingVariants).toBeUndefined();
    expect(properties.trialCount).toBeUndefined();
    expect(properties.name).toBeDefined();
  });

  it('makes name, free flag, trial, currency and prices read-only once connected, and nothing before', () => {
    const readOnly = (connectedPlatforms: string[]) =>
      Object.entries(planFormUiSchema({ features: FEATURES, plan: { ...PLAN, connectedPlatforms } })).filter(([, ui]) => ui?.['ui:readonly']).map(([key]) => key);
    expect(readOnly(['stripe']).sort()).toEqual(['currency', 'isFree', 'name', 'pricingVariants', 'trialCount']);
    expect(readOnly([])).toEqual([]);
  });

  it('starts from every declared property the plan holds, a new one included, and keeps the order and meta it only carries', () => {
    const form = toPlanForm({ plan: { ...PLAN, meta: { source: 'import' }, probeNote: 'kept' } as Plan, features: FEATURES }) as Record<string, unknown>;
    expect(form).toEqual(expect.objectContaining({ name: 'Pro', order: 0, meta: { source: 'import' }, trialCount: 7 }));
    expect(form.planId).toBeUndefined();
    expect(form.created).toBeUndefined();
  });

  it('shows each feature at the plan value, else its default', () => {
    expect(toPlanForm({ plan: PLAN, features: FEATURES }).features).toEqual({ removeBranding: false, maxProducts: 500, supportLevel: 'email' });
  });

  it('tells a change from the saved plan whatever the key order', () => {
    const saved = toPlanForm({ plan: PLAN, features: FEATURES });
    expect(sameForm({ ...saved }, Object.fromEntries(Object.entries(saved).reverse()))).toBe(true);
    expect(sameForm({ ...saved, trialCount: 8 }, saved)).toBe(false);
  });

  it('asks for a price name and a price of at least 0.01 in the plan currency', async () => {
    const onSubmit = jest.fn(async () => ({}));
    const data = { ...toPlanForm({ plan: PLAN, features: [] }), pricingVariants: [{ id: 'v1', name: '', priceCount: -1, pricePeriod: 'month' as const, pricePeriodCount: 1 }] };
    render(<SchemaForm<PlanForm> entry={PlanInputSchema} schema={planFormSchema({ features: [], values: {} })} formData={data} customValidate={checkPlan} submitText="Save plan" onSubmit={onSubmit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Please add a name')).toBeTruthy();
    expect(screen.getByText('Price must be equal or greater than 0.01 EUR')).toBeTruthy();
    expect(screen.queryByText('Price must be at least 0')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the trial by its label, Trial days, when it is past 999', async () => {
    const onSubmit = jest.fn(async () => ({}));
    const data = { ...toPlanForm({ plan: PLAN, features: [] }), trialCount: 1000 };
    render(<SchemaForm<PlanForm> entry={PlanInputSchema} schema={planFormSchema({ features: [], values: {} })} uiSchema={planFormUiSchema({ features: [] })} formData={data} customValidate={checkPlan} submitText="Save plan" onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Trial days', { exact: false })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Trial days must be at most 999')).toBeTruthy();
    expect(screen.queryByText(/Trial count/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
