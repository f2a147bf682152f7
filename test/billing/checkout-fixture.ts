// What a buyer does before a subscription call: a card token from the hosted fields (sandbox test
// cards) and the billing form.
import request from 'supertest';
import type { Agent } from '../helpers/accounts';
import type { TestApp } from '../helpers/test-app';

export const CARDS = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
} as const;

export const BILLING_FORM = { name: 'Ada Buyer', companyName: 'Ada Ltd', country: 'US', state: 'California', city: 'San Francisco', zip: '94103', address: '1 Market St' };

/** A single-use token with the card vaulted against it, as the hosted card fields leave it. */
export async function cardToken({ t, agent, number = CARDS.good }: { t: TestApp; agent: Agent; number?: string }): Promise<string> {
  const token = (await agent.get('/api/bluesnap/getToken').expect(200)).body.data.token as string;
  await request(t.app).post(`/api/bluesnap/hostedFields/${token}`).send({ cardNumber: number, expiry: '12/40', cvv: '123' }).expect(200);
  return token;
}

/** The body of POST /api/bluesnap/subscription for a plan's month or year variant. */
export const purchase = ({ token, planId, period = 'year' }: { token: string; planId: string; period?: 'month' | 'year' }) => ({
  ...BILLING_FORM,
  token,
  planId,
  subscriptionTypeId: `${planId}-${period}`,
});
