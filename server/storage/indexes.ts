// Every index the product needs, created at start-up by ensureIndexes. Each area
// exports its own list; add yours here.
import type { IndexSpec, Store } from './port';
import { sessionIndexes } from '../services/sessions/session-store';

export const allIndexes: IndexSpec[] = [...sessionIndexes];

export async function ensureIndexes(store: Store): Promise<void> {
  for (const spec of allIndexes) await store.ensureIndex(spec);
}
