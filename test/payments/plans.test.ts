import { withTestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { activateIntegration, createPlanAs, developerWithApp, monthly, paymentsPath, yearly } from '../helpers/payments';

const t = withTestApp();
let agent: Agent;
let appId: string;

beforeEach(async () => {
  ({ agent, appId } = await developerWithApp(t));
});

describe('creating a plan', () => {
  it('stores it inactive, with its prices, and answers Plan saved', async () => {
    const res = await agent
      .post(paymentsPath(appId, '/plans'))
      .send({ name: ' Pro ', description: 'For teams', isActive: true, trialCount: 14, pricingVariants: [monthly, yearly] })
      .expect(201);
    expect(res.body.message).toBe('Plan saved');
    expect(res.body.data).toMatchObject({ name: 'Pro', description: 'For teams', isActive: false, isFree: false, trialCount: 14, currency: 'usd', order: 0, features: {}, connectedPlatforms: [] });
    expect(res.body.data.pricingVariants).toEqual([
      { id: expect.any(String), ...monthly },
      { id: expect.any(String), ...yearly },
    ]);
    const read = await agent.get(paymentsPath(appId, `/plans/${res.body.data.planId}`)).expect(200);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('saves a free plan with no prices and no trial', async () => {
    const plan = await createPlanAs({ agent, appId, plan: { name: 'Free', isFree: true, trialCount: 30, pricingVariants: [monthly] } });
    expect(plan).toMatchObject({ isFree: true, trialCount: 0, pricingVariants: [] });
  });

  it('puts each new plan last', async () => {
    await createPlanAs({ agent, appId, plan: { name: 'One' } });
    await createPlanAs({ agent, appId, plan: { name: 'Two', order: 0 } });
    const res = await agent.get(paymentsPath(appId, '/plans')).expect(200);
    expect(res.body.data.map((p: { name: string; order: number }) => [p.name, p.order])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name', 'Plan name is required'],
    ['an empty name', { name: '' }, 'name', 'Plan name is required'],
    ['no name', {}, 'name', 'Plan name is required'],
    ['a trial of 4 digits', { name: 'P', trialCount: 1000 }, 'trialCount', 'Trial days must be at most 999'],
    ['a price under 0.01', { name: 'P', pricingVariants: [{ ...monthly, priceCount: 0 }] }, 'pricingVariants.0.priceCount', 'Price must be equal or greater than 0.01 USD'],
    ['a price under 0.01 in euros', { name: 'P', currency: 'eur', pricingVariants: [monthly, { ...yearly, priceCount: 0.001 }] }, 'pricingVariants.1.priceCount', 'Price must be equal or greater than 0.01 EUR'],
    ['a price without a name', { name: 'P', pricingVariants: [{ ...monthly, name: ' ' }] }, 'pricingVariants.0.name', 'Please add a name'],
    ['an unknown feature', { name: 'P', features: { seats: 3 } }, 'features.seats', 'There is no feature named seats'],
  ])('refuses %s', async (_case, plan, field, message) => {
    const res = await agent.post(paymentsPath(appId, '/plans')).send(plan).expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it("takes feature values of the feature's type only", async () => {
    await agent
      .put(paymentsPath(appId, '/features'))
      .send([
        { displayName: 'Seats', name: 'seats', type: 'number', value: 1 },
        { displayName: 'Remove branding', name: 'removeBranding', type: 'boolean' },
      ])
      .expect(200);
    const bad = await agent.post(paymentsPath(appId, '/plans')).send({ name: 'P', features: { seats: 'many', removeBranding: 1 } }).expect(400);
    expect(bad.body.fieldErrors).toEqual({ 'features.seats': 'Value must be a number', 'features.removeBranding': 'Value must be a yes or no' });
    const plan = await createPlanAs({ agent, appId, plan: { name: 'P', features: { seats: 5, removeBranding: true } } });
    expect(plan).toMatchObject({ features: { seats: 5, removeBranding: true } });
  });
});

describe('saving a plan', () => {
  it('saves the plan, keeping the description left out and the price ids', async () => {
    const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', description: 'Keep me', pricingVariants: [monthly] } });
    const res = await agent
      .put(paymentsPath(appId, `/plans/${plan.planId}`))
      .send({ name: 'Pro+', isActive: true, pricingVariants: [{ ...plan.pricingVariants[0], priceCount: 12 }, yearly] })
      .expect(200);
    expect(res.body.message).toBe('Plan saved');
    expect(res.body.data).toMatchObject({ name: 'Pro+', description: 'Keep me', isActive: true });
    expect(res.body.data.pricingVariants[0]).toEqual({ ...monthly, id: plan.pricingVariants[0].id, priceCount: 12 });
  });

  it('drops prices and trial when the plan becomes free', async () => {
    const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', trialCount: 7, pricingVariants: [monthly] } });
    const res = await agent.put(paymentsPath(appId, `/plans/${plan.planId}`)).send({ name: 'Pro', isFree: true }).expect(200);
    expect(res.body.data).toMatchObject({ isFree: true, trialCount: 0, pricingVariants: [] });
  });

  it('saves a new order, which is how drag reordering is kept', async () => {
    const first = await createPlanAs({ agent, appId, plan: { name: 'First' } });
    const second = await createPlanAs({ agent, appId, plan: { name: 'Second' } });
    await agent.put(paymentsPath(appId, `/plans/${second.planId}`)).send({ name: 'Second', order: 0 }).expect(200);
    await agent.put(paymentsPath(appId, `/plans/${first.planId}`)).send({ name: 'First', order: 1 }).expect(200);
    const res = await agent.get(paymentsPath(appId, '/plans')).expect(200);
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Second', 'First']);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const res = await agent.put(paymentsPath(appId, '/plans/nope')).send({ name: 'X' }).expect(404);
    expect(res.body.message).toBe('Plan not found');
  });
});

describe('a plan connected to a provider', () => {
  let planId: string;
  let variant: { id: string };

  beforeEach(async () => {
    const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', trialCount: 7, pricingVariants: [monthly] } });
    ({ planId } = plan);
    [variant] = plan.pricingVariants;
    await activateIntegration({ agent, appId, platform: 'duda', keys: {} });
    await agent.post(paymentsPath(appId, `/plans/${planId}/connect`)).send({ platform: 'duda', pricingToPlanMap: { [variant.id]: 'duda-pro' } }).expect(200);
  });

  it.each([
    ['its name', { name: 'Renamed' }],
    ['its free flag', { isFree: true }],
    ['its trial', { trialCount: 30 }],
    ['its currency', { currency: 'eur' }],
    ['a price', { pricingVariants: [{ ...monthly, priceCount: 5 }] }],
    ['a new price', { pricingVariants: [monthly, yearly] }],
  ])('refuses a change to %s', async (_case, change) => {
    const { pricingVariants, ...fields } = { pricingVariants: [monthly], ...change };
    const body = { name: 'Pro', trialCount: 7, ...fields, pricingVariants: pricingVariants.map((v, i) => (i === 0 ? { ...v, id: variant.id } : v)) };
    const res = await agent.put(paymentsPath(appId, `/plans/${planId}`)).send(body).expect(400);
    expect(res.body.message).toMatch(/^This plan is connected to a payment provider/);
  });

  it('still saves its description, active flag and order, and shows the provider', async () => {
    const res = await agent.put(paymentsPath(appId, `/plans/${planId}`)).send({ name: 'Pro', trialCount: 7, description: 'New words', isActive: true, order: 3 }).expect(200);
    expect(res.body.data).toMatchObject({ description: 'New words', isActive: true, order: 3, connectedPlatforms: ['duda'] });
  });

  it('is not deleted while connected, and is once disconnected', async () => {
    const refused = await agent.delete(paymentsPath(appId, `/plans/${planId}`)).expect(409);
    expect(refused.body.message).toBe('Please disconnect the plan from duda before deleting it');
    await agent.post(paymentsPath(appId, `/plans/${planId}/disconnect`)).send({ platform: 'duda' }).expect(200);
    const res = await agent.delete(paymentsPath(appId, `/plans/${planId}`)).expect(200);
    expect(res.body.message).toBe('Plan deleted');
    await agent.get(paymentsPath(appId, `/plans/${planId}`)).expect(404);
  });
});

it("deletes the app's plans with the app", async () => {
  const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro' } });
  await agent.delete(`/integrations/developer/apps/${appId}`).expect(200);
  expect(await t.ctx.store.collection('paymentPlans').findOne({ planId: plan.planId })).toBeNull();
});
