import { withTestApp } from '../helpers/test-app';
import { seedDemo } from '../../server/demo/seed';
import { seedDatabase } from '../../server/demo/database';
import { DEMO_APPS } from '../../server/demo/developer';
import { listCollections } from '../../server/services/database/collections';
import { listDocuments } from '../../server/services/database/documents';
import { getCollectionAccess } from '../../server/services/database/public/access-rules';
import { tryRules } from '../../server/services/database/public/rules-trial';
import { REQUEST_OWNERS, REVIEW_REQUESTS } from '../../server/demo/database-review-requests';

const t = withTestApp({ scope: 'file' });
const appId = DEMO_APPS[0].appId;

it('gives the demo app a database of products and reviews pointing at them, once', async () => {
  await seedDemo(t.ctx);
  expect(await listCollections({ ctx: t.ctx, appId })).toEqual(['products', 'reviews', 'review-requests']);
  const products = await listDocuments({ ctx: t.ctx, appId, name: 'products', view: 'owner' });
  expect(products).toMatchObject({ page: 1, pages: 2, total: 18 });
  expect(products.items[0]).toMatchObject({ title: 'Pine bench', category: 'furniture', inStock: true, releaseDate: '2025-06-15' });
  const reviews = await listDocuments({ ctx: t.ctx, appId, name: 'reviews', view: 'owner', expand: ['product'], limit: 100 });
  expect(reviews.total).toBe(12);
  expect(reviews.items.at(-1)?.product).toMatchObject({ title: 'Brass desk lamp' });

  await seedDatabase(t.ctx);
  expect((await listDocuments({ ctx: t.ctx, appId, name: 'products', view: 'owner' })).total).toBe(18);
});

it('keeps the demo review requests per store: owner rules, and each of three stores sees only its own', async () => {
  await seedDemo(t.ctx);
  const { rules } = await getCollectionAccess({ ctx: t.ctx, appId, name: REVIEW_REQUESTS });
  expect(rules).toEqual({ list: { kind: 'owner' }, view: { kind: 'owner' }, create: { kind: 'users' }, update: { kind: 'owner' }, delete: { kind: 'owner' } });
  const all = await listDocuments({ ctx: t.ctx, appId, name: REVIEW_REQUESTS, view: 'owner', limit: 100 });
  const owners = [...new Set(all.items.map((doc) => doc._owner))];
  expect(owners).toHaveLength(REQUEST_OWNERS);
  for (const owner of owners) {
    const seen = await tryRules({ ctx: t.ctx, appId, name: REVIEW_REQUESTS, as: `user:${String(owner)}` });
    expect(seen.total).toBeGreaterThan(0);
    expect(seen.items.every((doc) => doc._owner === owner)).toBe(true);
  }
  expect((await tryRules({ ctx: t.ctx, appId, name: REVIEW_REQUESTS, as: 'app' })).total).toBe(all.total);
  await expect(tryRules({ ctx: t.ctx, appId, name: REVIEW_REQUESTS, as: 'anonymous' })).resolves.toMatchObject({ total: 0 });
});
