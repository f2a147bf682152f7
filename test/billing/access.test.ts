// Who may call what in billing: every billing operation against a visitor, a stranger (signed in,
// owning nothing of the owner's) and the owner. Billing data belongs to one user: a stranger
// asking for the owner's records gets exactly what a missing id gets. Each cell runs on a fresh
// subscription of the owner, so a cancel in one cell leaves the next untouched. Add an operation as
// one row; {subscriptionId} is the owner's fresh subscription.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { sendOperation } from '../helpers/send-operation';
import { insertSubscription, userIdOf } from './subscription-fixture';

const IDENTITIES = ['anonymous', 'stranger', 'owner'] as const;
type Identity = (typeof IDENTITIES)[number];
type Statuses = [anonymous: number, stranger: number, owner: number];
interface AccessRow {
  operation: string;
  statuses: Statuses;
  body?: Record<string, unknown>;
}
const row = (operation: string, statuses: Statuses, body?: Record<string, unknown>): AccessRow => ({ operation, statuses, body });

/** A purchase whose US state is unknown: refused before any card is touched. */
const BAD_STATE_PURCHASE = { name: 'Ada', country: 'US', state: 'Atlantis', city: 'Reno', zip: '89501', address: '1 Main St', token: 'cft_unused', planId: 'bundle-pro', subscriptionTypeId: 'bundle-pro-year' };

// prettier-ignore
const ROWS: AccessRow[] = [
  //  operation                                                  anon stranger owner
  // Plans (helper A): public, signed in or out.
  row('GET /nindo/api/getPaymentPlans/bundle',                    [200, 200, 200]),
  row('GET /nindo/api/getPaymentPlans/widgets_bundle?vendor=shopify', [200, 200, 200]),
  row('GET /nindo/api/getPaymentPlans/unknown-family',            [404, 404, 404]),
  row('GET /api/subscription/nindo',                              [401, 200, 200]),
  row('GET /api/subscription/v/shopify/nindo',                    [401, 200, 200]),
  row('POST /api/funnelEvent?type=pricing-view',                  [201, 201, 201], { serviceName: 'nindo' }),
  row('GET /api/v1/user/planFeatures?serviceName=nindo',          [401, 200, 200]),
  // Payments (helper C2): the caller's own history; another user's invoice is in test/billing/payments.test.ts.
  row('GET /api/payment',                                         [401, 200, 200]),
  row('GET /nindo/api/getUserPayments',                           [401, 200, 200]),
  row('GET /nindo/api/invoice/no-such-transaction',               [401, 404, 404]),
  // Subscriptions (helper C1): the owner's {subscriptionId} is an active bundle-pro paid by card, with no saved card.
  row('POST /api/bluesnap/subscription',                          [401, 400, 400], { ...BAD_STATE_PURCHASE }),
  row('POST /api/paypal/v/shopify/subscription',                  [401, 400, 400], { ...BAD_STATE_PURCHASE, subscriptionId: 'I-PAYPAL' }),
  row('POST /nindo/api/confirmSubscription/{subscriptionId}',     [401, 404, 200]),
  row('POST /api/bluesnap/changePlan/{subscriptionId}',           [401, 404, 400], { newPlanId: 'bundle-free', newSubscriptionTypeId: 'bundle-free-month' }),
  row('POST /api/bluesnap/v/shopify/changePlan/{subscriptionId}', [401, 404, 400], { newPlanId: 'bundle-free', newSubscriptionTypeId: 'bundle-free-month' }),
  row('POST /nindo/api/updateSubscription/bundle',                [401, 404, 400], { subscriptionId: '{subscriptionId}', planId: 'bundle-free', pricingVariantId: 'bundle-free-month' }),
  row('POST /nindo/api/renewSubscription/{subscriptionId}',       [401, 404, 409], {}),
  row('POST /api/bluesnap/cancelSubscription/{subscriptionId}',   [401, 404, 200]),
  row('POST /api/paypal/cancelSubscription/{subscriptionId}',     [401, 404, 404]),
  row('POST /nindo/api/cancelSubscription/bundle',                [401, 404, 200], { subscriptionId: '{subscriptionId}' }),
  row('GET /nindo/api/getUserSubscriptions',                      [401, 200, 200]),
  row('POST /nindo/api/getCheckoutUrl/bundle',                    [401, 201, 201], { pricingVariantId: 'bundle-pro-month' }),
  row('GET /nindo/api/getCheckoutSession/no-such-session',        [401, 404, 404]),
  row('POST /nindo/api/createMiniBundle',                         [401, 201, 201], { selectedApps: ['poll'] }),
  row('PUT /nindo/api/updateMiniBundle/no-such-bundle',           [401, 404, 404], { selectedApps: ['poll'] }),
  row('GET /nindo/api/getMiniBundle',                             [401, 200, 200]),
  // Provider webhooks are public and signed: the sandbox signs none, so every call is refused.
  row('POST /api/billing/webhooks/sandbox',                       [400, 400, 400], { type: 'charge.refunded' }),
  // Card fields (helper B): a token needs a session; the fields' vault call and the 3-D Secure answer
  // take the token or transaction id as their credential (another user's token: test/billing/card.test.ts).
  row('GET /api/bluesnap/getToken',                               [401, 200, 200]),
  row('GET /api/paypal/getToken',                                 [401, 404, 404]),
  row('POST /api/bluesnap/hostedFields/cft_unknown',              [422, 422, 422], { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvv: '123' }),
  row('POST /api/bluesnap/threeDSecure/sbtx_unknown',             [404, 404, 404], { authenticated: true }),
];

async function perform({ agent, operation, subscriptionId, body }: { agent: Agent; operation: string; subscriptionId: string; body?: Record<string, unknown> }): Promise<Response> {
  const [method, path] = operation.split(' ') as [string, string];
  const url = path.replaceAll('{subscriptionId}', subscriptionId);
  const filled = body === undefined ? undefined : (JSON.parse(JSON.stringify(body).replaceAll('{subscriptionId}', subscriptionId)) as object);
  return sendOperation({ agent, method, url, body: filled });
}

const CELLS = ROWS.flatMap(({ operation, statuses, body }) => IDENTITIES.map((identity, i) => ({ operation, identity, status: statuses[i], body })));

describe('who may do what in billing', () => {
  const t = withTestApp({ scope: 'file' });
  let agents: Record<Identity, Agent>;
  let ownerId: string;
  beforeAll(async () => {
    agents = { anonymous: request.agent(t.app), stranger: await signedInUser({ t, email: 'stranger@billing.test' }), owner: await signedInUser({ t, email: 'owner@billing.test' }) };
    ownerId = await userIdOf({ ctx: t.ctx, email: 'owner@billing.test' });
  });

  it.each(CELLS)('$operation as $identity answers $status', async ({ operation, identity, status, body }) => {
    const subscription = await insertSubscription({ ctx: t.ctx, userId: ownerId, planId: 'bundle-pro', id: `sub-${randomUUID()}` });
    const res = await perform({ agent: agents[identity], operation, subscriptionId: subscription.subscriptionId, body });
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message: expect.any(String) });
  });

  it('shows the owner their subscriptions and the stranger none of them', async () => {
    await insertSubscription({ ctx: t.ctx, userId: ownerId, planId: 'bundle-basic', id: 'owner-only' });
    const ids = async (agent: Agent): Promise<string[]> => (await agent.get('/api/subscription/nindo')).body.data.docs.map((doc: { subscriptionId: string }) => doc.subscriptionId);
    expect(await ids(agents.owner)).toContain('owner-only');
    expect(await ids(agents.stranger)).toEqual([]);
  });
});
