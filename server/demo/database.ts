// The demo app's database: products (text, number, enumeration, boolean, date and url fields)
// and reviews pointing at them (relation, rich-text), about 30 documents, and review requests kept
// per store (database-review-requests.ts), so the database screens show real rows on a fresh
// start. Written through the services, so the fields' rules and indexes are the real ones.
// Idempotent: an app whose database exists is left as it is.
import type { AppContext } from '../context';
import type { DbField } from '../../generated/client/types.gen';
import { createCollection } from '../services/database/collections';
import { createDatabase } from '../services/database/databases';
import { createDocument } from '../services/database/documents';
import { databases } from '../services/database/model';
import { saveCollectionSchema } from '../services/database/schema';
import { DEMO_APPS } from './developer';
import { seedReviewRequests } from './database-review-requests';

const HOUR_MS = 60 * 60 * 1000;

const PRODUCT_FIELDS: DbField[] = [
  { displayName: 'Title', type: 'text', validation: { required: true, maxLength: 80 } },
  { displayName: 'Price', type: 'number', validation: { indexable: true } },
  { displayName: 'Category', type: 'enumeration', validation: { enum: ['lighting', 'furniture', 'decor', 'textiles'] } },
  { displayName: 'In stock', type: 'boolean', defaultValue: true },
  { displayName: 'Release date', type: 'date' },
  { displayName: 'Website', type: 'url' },
];

const REVIEW_FIELDS: DbField[] = [
  { displayName: 'Product', type: 'relation', relation: 'products', validation: { required: true } },
  { displayName: 'Rating', type: 'number' },
  { displayName: 'Body', type: 'rich-text' },
];

const PRODUCTS: [string, number, string, boolean][] = [
  ['Brass desk lamp', 89, 'lighting', true],
  ['Linen cushion', 35, 'textiles', true],
  ['Oak side table', 240, 'furniture', true],
  ['Ceramic vase', 48, 'decor', false],
  ['Paper pendant light', 120, 'lighting', true],
  ['Wool throw', 95, 'textiles', true],
  ['Walnut shelf', 180, 'furniture', false],
  ['Glass candle holder', 22, 'decor', true],
  ['Rattan floor lamp', 210, 'lighting', true],
  ['Cotton rug', 160, 'textiles', true],
  ['Folding stool', 65, 'furniture', true],
  ['Wall mirror', 130, 'decor', true],
  ['Reading light', 1250, 'lighting', false],
  ['Velvet armchair', 690, 'furniture', true],
  ['Stoneware bowl set', 54, 'decor', true],
  ['Linen curtains', 110, 'textiles', false],
  ['Bamboo lantern', 38, 'lighting', true],
  ['Pine bench', 150, 'furniture', true],
];

const REVIEWS: [number, number, string][] = [
  [0, 5, '<p>Warm light, <strong>solid build</strong>.</p>'],
  [0, 4, '<p>Lovely, a bit heavy.</p>'],
  [1, 5, '<p>Soft and the colour is exactly as shown.</p>'],
  [2, 3, '<p>Nice wood, one leg wobbles.</p>'],
  [4, 5, '<p>Makes the whole room <em>glow</em>.</p>'],
  [5, 4, '<p>Warm, sheds a little at first.</p>'],
  [8, 5, '<p>Assembly took five minutes.</p>'],
  [9, 2, '<p>Colour faded after washing.</p>'],
  [12, 5, '<p>Worth every cent.</p>'],
  [13, 4, '<p>Comfortable; delivery was slow.</p>'],
  [14, 5, '<ul><li>Sturdy</li><li>Dishwasher safe</li></ul>'],
  [17, 4, '<p>Simple and well made.</p>'],
];

/** Documents dated an hour apart, newest last, so the default order (_created descending) shows a spread. */
const at = (ctx: AppContext, hoursAgo: number): AppContext => ({ ...ctx, now: () => new Date(ctx.now().getTime() - hoursAgo * HOUR_MS) });

export async function seedDatabase(ctx: AppContext): Promise<string[]> {
  const appId = DEMO_APPS[0].appId;
  if (await databases(ctx).findOne({ _id: appId })) return [];
  await createDatabase({ ctx, appId });
  const total = PRODUCTS.length + REVIEWS.length;
  await createCollection({ ctx: at(ctx, total + 2), appId, name: 'products', input: { displayName: 'Products' } });
  await saveCollectionSchema({ ctx, appId, name: 'products', input: { attributes: PRODUCT_FIELDS } });
  await createCollection({ ctx: at(ctx, total + 1), appId, name: 'reviews', input: { displayName: 'Reviews' } });
  await saveCollectionSchema({ ctx, appId, name: 'reviews', input: { attributes: REVIEW_FIELDS } });
  const ids: string[] = [];
  for (const [i, [title, price, category, inStock]] of PRODUCTS.entries()) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const input = { title, price, category, inStock, releaseDate: `2025-${month}-15`, website: `https://shop.example/products/${i + 1}` };
    ids.push((await createDocument({ ctx: at(ctx, total - i), appId, name: 'products', input, view: 'owner' }))._id);
  }
  for (const [i, [product, rating, body]] of REVIEWS.entries()) {
    await createDocument({ ctx: at(ctx, REVIEWS.length - i), appId, name: 'reviews', input: { product: ids[product], rating, body }, view: 'owner' });
  }
  await seedReviewRequests({ ctx, appId, at: (hoursAgo) => at(ctx, hoursAgo) });
  return [];
}
