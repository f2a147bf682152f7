// The database bench data: the bench developer's app with a database and one collection
// `products` (title and category text, price number, all three indexable; inStock boolean), made through the
// product's services so its engine indexes are the product's, then filled straight through the
// store in big batches (the seed is timed).
import type { AppContext } from '../../server/context';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection, findCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { documentStore } from '../../server/services/database/model';
import type { DbDocument } from '../../server/services/database/model';
import { addApp, seedBenchDeveloper } from './app-users-data';

export const DB_APP = 'bench-db-app';
export const COLLECTION = 'products';
/** 100 categories: an indexed filter matches 1% of the documents. */
export const CATEGORIES = 100;
/** One title in ten holds this word: what the contains search looks for. */
export const SEARCH_WORD = 'lamp';
/** One title in 10,000 holds this word: a contains search for a rare text. */
export const RARE_WORD = 'vase';
/** One title in 100 ends with this word (after its usual words): a contains search for a text in 1% of the documents. */
export const HUNDREDTH_WORD = 'brass';
/** One title in 1,000 ends with this word: a text in 0.1% of the documents. */
export const THOUSANDTH_WORD = 'ivory';
/** No title holds this text. */
export const ABSENT_WORD = 'xyz';
const RARE_EVERY = 10_000;
const WORDS = ['chair', 'desk', 'shelf', 'sofa', 'table', 'stool', 'bench', 'rug', 'mirror', SEARCH_WORD];
const BATCH = 20_000;

/** The word some titles end with: 1 in 100 `brass`, another 1 in 1,000 `ivory` (never the same title). */
const suffix = (i: number): string => (i % 100 === 37 ? ` ${HUNDREDTH_WORD}` : i % 1000 === 538 ? ` ${THOUSANDTH_WORD}` : '');

/** The i-th document of the bench collection. */
export const product = (i: number): DbDocument => {
  const created = new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();
  return {
    _id: `doc-${String(i).padStart(8, '0')}`,
    _created: created,
    _updated: created,
    title: i % RARE_EVERY === 1234 ? `Teak ${RARE_WORD} ${i}` : `Oak ${WORDS[i % WORDS.length]} ${i}${suffix(i)}`,
    category: `c${i % CATEGORIES}`,
    price: (i * 37) % 10_000,
    inStock: i % 3 !== 0,
  };
};

/** Seeds the developer, the app, the collection and `count` documents; answers the seed's milliseconds. */
export async function seedDatabase({ ctx, count }: { ctx: AppContext; count: number }): Promise<number> {
  await seedBenchDeveloper(ctx);
  await addApp({ ctx, appId: DB_APP, count: 0 });
  await createDatabase({ ctx, appId: DB_APP });
  await createCollection({ ctx, appId: DB_APP, name: COLLECTION });
  await saveCollectionSchema({
    ctx,
    appId: DB_APP,
    name: COLLECTION,
    input: {
      attributes: [
        { displayName: 'Title', name: 'title', type: 'text', validation: { required: true, indexable: true } },
        { displayName: 'Category', name: 'category', type: 'text', validation: { indexable: true } },
        { displayName: 'Price', name: 'price', type: 'number', validation: { indexable: true } },
        { displayName: 'In stock', name: 'inStock', type: 'boolean' },
      ],
    },
  });
  const store = documentStore(ctx, (await findCollection({ ctx, appId: DB_APP, name: COLLECTION }))._id);
  const started = performance.now();
  for (let start = 0; start < count; start += BATCH) {
    await store.insertMany(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => product(start + k)));
  }
  return performance.now() - started;
}
