import { withTestApp } from '../helpers/test-app';
import { seedDemo } from '../../server/demo/seed';
import { apps, appUsers, charges } from '../../server/services/developer/model';

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
