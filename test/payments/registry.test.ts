// openProvider chooses the adapter by platform and opens the app's credentials; callProvider turns
// a provider's refusal into the spec's 502 message.
import { randomUUID } from 'node:crypto';
import { BadGatewayError, NotFoundError, toErrorReply } from '../../server/http/errors';
import { integrations } from '../../server/services/developer/model';
import { seal } from '../../server/services/developer/secrets';
import { ProviderError } from '../../server/services/payments/providers/port';
import { callProvider, openProvider } from '../../server/services/payments/providers/registry';
import { withTestApp } from '../helpers/test-app';

const t = withTestApp({ config: { payments: { stripeApiBase: 'http://127.0.0.1:12111', paddleApiBase: 'http://127.0.0.1:1' } }, scope: 'file' });

const STRIPE_KEYS = { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' };

async function integrate({ platform, isActive = true, keys = {} as Record<string, string | boolean>, useSystemIntegration = false }: { platform: string; isActive?: boolean; keys?: Record<string, string | boolean>; useSystemIntegration?: boolean }): Promise<string> {
  const appId = randomUUID();
  const now = t.ctx.now().toISOString();
  await integrations(t.ctx).insertOne({ _id: randomUUID(), appId, platform, isActive, useSystemIntegration, platformAppKeys: seal(t.ctx, JSON.stringify(keys)), created: now, updated: now });
  return appId;
}

describe('openProvider', () => {
  it.each(['shopify', 'no-such-platform', 'constructor'])("answers 404 \"Provider doesn't exists\" for %s, which has no payment adapter", async (platform) => {
    const err = await openProvider({ ctx: t.ctx, appId: randomUUID(), platform }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, message: "Provider doesn't exists" });
  });

  it.each([
    ['the app has no integration of it', async () => randomUUID()],
    ['the integration is inactive', () => integrate({ platform: 'stripe', isActive: false, keys: STRIPE_KEYS })],
    ['a required credential is missing', () => integrate({ platform: 'stripe', keys: { publishableKey: 'pk_test_1' } })],
    ['a required credential is blank', () => integrate({ platform: 'stripe', keys: { ...STRIPE_KEYS, secretKey: '  ' } })],
  ])('answers null when %s', async (_name, makeApp) => {
    await expect(openProvider({ ctx: t.ctx, appId: await makeApp(), platform: 'stripe' })).resolves.toBeNull();
  });

  it('opens the sealed credentials of an active, connected integration for its adapter', async () => {
    const appId = await integrate({ platform: 'stripe', keys: STRIPE_KEYS });
    const opened = await openProvider({ ctx: t.ctx, appId, platform: 'stripe' });
    expect(opened).toMatchObject({ displayName: 'Stripe', credentials: STRIPE_KEYS, provider: { platform: 'stripe', needsPlanIds: false } });
  });

  it.each([
    ['paddle', 'Paddle', { vendorId: '1', apiKey: 'k', webhookSecret: 's' }, true],
    ['wix', 'Wix', { appId: 'a', appSecret: 's', webhookPublicKey: 'p' }, true],
  ])('chooses the %s adapter', async (platform, displayName, keys, needsPlanIds) => {
    const appId = await integrate({ platform, keys });
    await expect(openProvider({ ctx: t.ctx, appId, platform })).resolves.toMatchObject({ displayName, provider: { platform, needsPlanIds } });
  });

  it('opens duda through its system integration, which needs no credentials', async () => {
    const appId = await integrate({ platform: 'duda', useSystemIntegration: true });
    await expect(openProvider({ ctx: t.ctx, appId, platform: 'duda' })).resolves.toMatchObject({ displayName: 'Duda', credentials: {} });
  });
});

describe('callProvider', () => {
  it('answers what the provider call answers', async () => {
    await expect(callProvider({ displayName: 'Stripe', run: async () => ({ id: 'price_1' }) })).resolves.toEqual({ id: 'price_1' });
  });

  it.each([
    ['a refusal', new ProviderError('stripe', 'No such price', 404, { permanent: true })],
    ['an unreachable provider', new ProviderError('paddle', 'connect ECONNREFUSED')],
  ])('turns %s into 502 with the spec message naming the provider', async (_name, providerError) => {
    const err = await callProvider({ displayName: 'Stripe', run: () => Promise.reject(providerError) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadGatewayError);
    expect(toErrorReply(err)).toEqual({
      status: 502,
      headers: undefined,
      body: { success: false, data: null, message: 'There was a problem connecting to this provider, did you set up the integration to Stripe correctly?', fieldErrors: undefined },
    });
  });

  it('lets errors that are not the provider\'s through', async () => {
    const bug = new TypeError('bug');
    await expect(callProvider({ displayName: 'Stripe', run: () => Promise.reject(bug) })).rejects.toBe(bug);
  });
});
