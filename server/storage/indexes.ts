// Creates the indexes the product needs at start-up. Which ones is the service areas' business:
// the composition root hands their list down (server/registry.ts, productIndexes).
import type { IndexSpec, Store } from './port';

export async function ensureIndexes(store: Store, specs: readonly IndexSpec[]): Promise<void> {
  for (const spec of specs) await store.ensureIndex(spec);
}
