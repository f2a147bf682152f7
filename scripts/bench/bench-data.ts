// The bench data set: 100,000 items over 100 owners, one minute apart, with word names.
import type { Store } from '../../server/storage/port';
import { ITEMS } from './bench-app';
import type { BenchItem } from './bench-app';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu', 'widget', 'gadget', 'gizmo', 'sprocket'];
const STATUSES = ['draft', 'active', 'archived'] as const;
export const COUNT = 100_000;
const OWNERS = 100;

export const benchItem = (i: number): BenchItem => ({
  _id: `item-${i}`,
  ownerId: `owner-${i % OWNERS}`,
  name: `${WORDS[i % 30]} ${WORDS[(i * 7) % 29]} ${WORDS[(i * 13) % 23]} ${i}`,
  createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  status: STATUSES[i % 3],
  tags: [WORDS[i % 11], WORDS[i % 17]],
});

/** Creates the indexes the bench queries use and inserts COUNT items. */
export async function seedItems(store: Store): Promise<void> {
  await store.ensureIndex({ collection: ITEMS, fields: { ownerId: 1, createdAt: -1 } });
  await store.ensureIndex({ collection: ITEMS, fields: { createdAt: -1 } });
  const items = store.collection<BenchItem>(ITEMS);
  for (let start = 0; start < COUNT; start += 10_000) {
    await items.insertMany(Array.from({ length: 10_000 }, (_, k) => benchItem(start + k)));
  }
}
