import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const t = withTestApp({ config: { publicUrl: 'https://nindo.test' }, scope: 'file' });
let agent: Agent;
let appId: string;
let n = 0;

const save = (platform: string, body: object) => agent.put(`/integrations/developer/apps/${appId}/integrations/${platform}`).send(body);

beforeEach(async () => {
  n += 1;
  ({ agent } = await signInAs({ app: t.app, ctx: t.ctx, email: `integrator${n}@example.com` }));
  appId = await createAppAs({ agent });
});

describe('platform catalog', () => {
  it('offers e-commerce, payments and storage platforms, highest order first', async () => {
    const res = await agent.get('/integrations/developer/integrationPlatforms').expect(200);
    const platforms = res.body.data as { name: string; order: number; tags: string[]; fields: unknown[] }[];
    for (const tag of ['ecommerce', 'payments', 'storage']) {
      const orders = platforms.filter((p) => p.tags.includes(tag)).map((p) => p.order);
      expect(orders.length).toBeGreaterThanOrEqual(3);
      expect(orders).toEqual([...orders].sort((a, b) => b - a));
    }
    expect(platforms.map((p) => p.name)).toEqual(expect.arrayContaining(['shopify', 'wix', 'woocommerce', 'stripe', 'paddle', 'paypal', 's3']));
    expect(platforms.some((p) => p.fields.length === 0)).toBe(true);
  });

  it('fills the public URL into endpoints and the app id when asked for one app', async () => {
    const generic = await agent.get('/integrations/developer/integrationPlatforms').expect(200);
    const shopify = generic.body.data.find((p: { name: string }) => p.name === 'shopify');
    expect(shopify.endpoints[0].value).toBe('https://nindo.test/integrations/shopify/{{appId}}/app');
    const forApp = await agent.get('/integrations/developer/integrationPlatforms').query({ appId }).expect(200);
    const values = forApp.body.data.flatMap((p: { endpoints: { value: string }[] }) => p.endpoints.map((e) => e.value));
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) {
      expect(value).toContain(appId);
      expect(value).not.toContain('{{');
    }
  });
});

describe('saving an integration', () => {
  it('creates, then updates, an integration and says so', async () => {
    const created = await save('stripe', { platformAppKeys: { publishableKey: ' pk_live_1 ', secretKey: 'sk_live_1' }, isActive: true }).expect(200);
    expect(created.body.message).toBe('Integration created');
    expect(created.body.data).toMatchObject({
      platform: 'stripe',
      isActive: true,
      useSystemIntegration: false,
      platformAppKeys: { publishableKey: 'pk_live_1', secretKey: 'sk_live_1' },
      connected: true,
    });
    const updated = await save('stripe', { platformAppKeys: { publishableKey: 'pk_2', secretKey: 'sk_2', webhookSecret: 'whsec' } }).expect(200);
    expect(updated.body.message).toBe('Integration updated');
    expect(updated.body.data.isActive).toBe(true);
    const list = await agent.get(`/integrations/developer/apps/${appId}/integrations`).expect(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].platformAppKeys).toEqual({ publishableKey: 'pk_2', secretKey: 'sk_2', webhookSecret: 'whsec' });
  });

  it.each([
    ['active with every required field', 'stripe', { isActive: true, platformAppKeys: { publishableKey: 'a', secretKey: 'b' } }, true],
    ['active with a required field missing', 'stripe', { isActive: true, platformAppKeys: { publishableKey: 'a' } }, false],
    ['active with a required field blank', 'stripe', { isActive: true, platformAppKeys: { publishableKey: 'a', secretKey: '  ' } }, false],
    ['filled but inactive', 'stripe', { isActive: false, platformAppKeys: { publishableKey: 'a', secretKey: 'b' } }, false],
    ['active without the optional field', 'paypal', { isActive: true, platformAppKeys: { clientId: 'a', clientSecret: 'b' } }, true],
    ['active with a boolean set to false (counts as filled)', 'ecwid', { isActive: true, platformAppKeys: { clientId: 'a', clientSecret: 'b', useSandbox: false } }, true],
    ['active, hidden field left empty', 'shopify', { isActive: true, platformAppKeys: { apiKey: 'a', apiSecret: 'b' } }, true],
    ['using the system integration, inactive and empty', 'paypal', { useSystemIntegration: true, isActive: false, platformAppKeys: {} }, true],
    ['active on a platform with no fields', 'duda', { isActive: true }, true],
  ])('shows Connected when %s: %s', async (_case, platform, body, connected) => {
    const res = await save(platform, body).expect(200);
    expect(res.body.data.connected).toBe(connected);
  });

  it('disconnects by clearing the keys and saving inactive', async () => {
    await save('wix', { isActive: true, platformAppKeys: { appId: 'a', appSecret: 'b', webhookPublicKey: 'c' } }).expect(200);
    const res = await save('wix', { isActive: false, platformAppKeys: {} }).expect(200);
    expect(res.body.data).toMatchObject({ isActive: false, platformAppKeys: {}, connected: false });
  });

  it.each([
    ['an unknown platform', 'myspace', { isActive: true }, 404, "Provider doesn't exists"],
    ['a credential the platform does not have', 'stripe', { platformAppKeys: { password: 'x' } }, 400, 'Stripe has no credential named password'],
    ['text where a boolean is expected', 'paypal', { platformAppKeys: { sandbox: 'yes' } }, 400, 'Sandbox mode must be true or false'],
    ['a boolean where text is expected', 'stripe', { platformAppKeys: { secretKey: true } }, 400, 'Secret key must be text'],
    ['the system integration where none is offered', 'stripe', { useSystemIntegration: true }, 400, 'Stripe has no system integration'],
  ])('refuses %s', async (_case, platform, body, status, message) => {
    const res = await save(platform, body).expect(status);
    expect(res.body.message).toBe(message);
  });

  it('keeps credentials encrypted at rest', async () => {
    await save('s3', { isActive: true, platformAppKeys: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value', region: 'eu-west-1', bucket: 'b' } }).expect(200);
    const raw = JSON.stringify(await t.ctx.store.collection('integrations').findOne({ appId, platform: 's3' }));
    expect(raw).not.toContain('very-secret-value');
    expect(raw).not.toContain('AKIAEXAMPLE');
  });
});
