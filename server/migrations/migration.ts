// A migration: a versioned change to stored records that the OpenAPI document alone cannot
// make (a new required field with no default, a narrowed enum, a renamed field). Each runs once
// per store, at start-up, under the store's migration lease, and is recorded when it ends; it
// must be idempotent, since an instance killed mid-way leaves it to run again (docs/operations.md).
import type { Store } from '../storage/port';

export interface Migration {
  /** "0002-developers-companySize": the number orders them, the rest says what it does. */
  id: string;
  description: string;
  up: (input: { store: Store; now: () => Date }) => Promise<void>;
}
