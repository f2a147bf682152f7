import { withTestApp } from '../helpers/test-app';
import { seedDemo } from '../../server/demo/seed';
import { seedDatabase } from '../../server/demo/database';
import { DEMO_APPS } from '../../server/demo/developer';
import { listCollections } from '../../server/services/database/collections';
import { listDocuments } from '../../server/services/database/documents';

const t = withTestApp({ scope: 'file' });
const appId = DEMO_APPS[0].appId;

it('gives the demo app a database of products and reviews pointing at them, once', async () => {
  await seedDemo(t.ctx);
  expect(await listCollections({ ctx: t.ctx, appId })).toEqual(['products', 'reviews']);
  const products = await listDocuments({ ctx: t.ctx, appId, name: 'products', view: 'owner' });
  expect(products).toMatchObject({ page: 1, pages: 2, total: 18 });
  expect(products.items[0]).toMatchObject({ title: 'Pine bench', category: 'furniture', inStock: true, releaseDate: '2025-06-15' });
  const reviews = await listDocuments({ ctx: t.ctx, appId, name: 'reviews', view: 'owner', expand: ['product'], limit: 100 });
  expect(reviews.total).toBe(12);
  expect(reviews.items.at(-1)?.product).toMatchObject({ title: 'Brass desk lamp' });

  await seedDatabase(t.ctx);
  expect((await listDocuments({ ctx: t.ctx, appId, name: 'products', view: 'owner' })).total).toBe(18);
});
