import { withTestApp } from '../helpers/test-app';
import { seedDemo } from '../../server/demo/seed';
import { apps, appUsers, charges } from '../../server/services/developer/model';
import { collections } from '../../server/services/webhooks/model';
import { signingSecrets } from '../../server/services/webhooks/secrets';
import { signatureHeaders } from '../../server/services/webhooks/sign';

const t = withTestApp({ scope: 'file' });

it('seeds two demo apps whose dashboards have a year of data, and is idempotent', async () => {
  await seedDemo(t.ctx);
  const counts = async () => ({
    apps: await apps(t.ctx).count({ _id: { $in: ['demo-review-booster', 'demo-countdown-timer'] } }),
    users: await appUsers(t.ctx).count({}),
    charges: await charges(t.ctx).count({}),
  });
  const first = await counts();
  expect(first.apps).toBe(2);
  expect(await apps(t.ctx).count({ status: 'published' })).toBe(1);
  expect(first.users).toBeGreaterThan(200);
  expect(first.charges).toBeGreaterThan(100);
  const platforms = new Set((await appUsers(t.ctx).find({ appId: 'demo-review-booster' })).map((u) => u.platform));
  expect([...platforms]).toEqual(expect.arrayContaining(['nindo', 'shopify', 'wix']));
  const months = new Set((await charges(t.ctx).find({ appId: 'demo-review-booster' })).map((c) => c.created.slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(11);

  await seedDemo(t.ctx);
  expect(await counts()).toEqual(first);
});

it('seeds the published app\'s webhooks: one active with a week of signed messages, a failed attempt retried, and one switched off', async () => {
  await seedDemo(t.ctx);
  const { webhooks, requests, deliveries } = collections(t.ctx.store);
  const endpoints = await webhooks.find({ appId: 'demo-review-booster' }, { sort: { created: 1 } });
  expect(endpoints.map((w) => w.status)).toEqual(['inactive', 'active']);
  const active = endpoints[1];
  const messages = await requests.find({ webhookId: active._id }, { sort: { created: 1 } });
  expect(messages.map((m) => m.status)).toEqual(['succeeded', 'succeeded', 'failed', 'succeeded', 'succeeded', 'succeeded', 'failed']);
  // Each message is signed as a delivery would be, with the endpoint's own secret.
  for (const { request, eventId, created } of messages) {
    const signed = signatureHeaders({ id: eventId, timestamp: new Date(created), body: request.body, secrets: signingSecrets({ ctx: t.ctx, webhook: active }) });
    expect(request.headers['webhook-signature']).toBe(signed['webhook-signature']);
  }
  // Nothing waits to be sent to example.com.
  expect(await deliveries.count({})).toBe(0);
});
