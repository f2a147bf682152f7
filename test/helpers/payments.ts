// Shared steps of the payments suites: the area's paths and a developer with an app.
import type { ProviderPlan } from '../../server/services/payments/providers/port';
import type { Agent } from './accounts';
import type { TestApp } from './test-app';
import { createAppAs, signInAs } from './developer';

export const paymentsPath = (appId: string, rest = ''): string => `/integrations/developer/apps/${appId}/payments${rest}`;

export async function developerWithApp(t: TestApp, email = 'dev@example.com'): Promise<{ agent: Agent; appId: string }> {
  const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email });
  return { agent, appId: await createAppAs({ agent }) };
}

export const monthly = { name: 'Monthly', priceCount: 9.99, pricePeriod: 'month', pricePeriodCount: 1 };
export const yearly = { name: 'Yearly', priceCount: 99, pricePeriod: 'year', pricePeriodCount: 1 };

/** Creates a plan through the API and answers it. */
export async function createPlanAs({ agent, appId, plan }: { agent: Agent; appId: string; plan: object }): Promise<{ planId: string; pricingVariants: { id: string }[] }> {
  const res = await agent.post(paymentsPath(appId, '/plans')).send(plan).expect(201);
  return res.body.data as { planId: string; pricingVariants: { id: string }[] };
}

/** Turns on the app's integration with a payment platform. */
export async function activateIntegration({ agent, appId, platform, keys }: { agent: Agent; appId: string; platform: string; keys: Record<string, string> }): Promise<void> {
  await agent.put(`/integrations/developer/apps/${appId}/integrations/${platform}`).send({ isActive: true, platformAppKeys: keys }).expect(200);
}

/** A plan as the payment adapters take it: a monthly, a quarterly and a one-time variant with a trial. */
export const PROVIDER_PLAN: ProviderPlan = {
  planId: 'plan-pro',
  name: 'Pro',
  description: 'Everything in Pro',
  currency: 'USD',
  trialCount: 14,
  pricingVariants: [
    { id: 'monthly', name: 'Monthly', priceCount: 9.99, pricePeriod: 'month', pricePeriodCount: 1 },
    { id: 'quarterly', name: 'Quarterly', priceCount: 27, pricePeriod: 'month', pricePeriodCount: 3 },
    { id: 'lifetime', name: 'Lifetime', priceCount: 199, pricePeriod: 'one-time', pricePeriodCount: 1 },
  ],
};
