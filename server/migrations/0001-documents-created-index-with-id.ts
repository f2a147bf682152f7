// The lists' default order is newest first with _id breaking ties (the cursor's order), and the
// index of a collection's documents on _created alone left SQLite a sort step for the _id part of
// every page (a temporary B-tree: about half of a 21-row page's statement, docs/database-speed.md). New
// collections get the index on both; this gives it to the collections made before, and drops
// the old one. The specs are written out here, not taken from field-indexes.ts, so the migration
// keeps doing what it did when that file changes. Idempotent: ensureIndex skips an index there
// already and dropIndex one gone.
import type { Migration } from './migration';

interface CollectionRecord {
  _id: string;
  [field: string]: unknown;
}

/** documentStoreName's names, as they were when this migration was written. */
const documentsOf = (collectionId: string): string => `udb_${collectionId}`;

export const documentsCreatedIndexWithId: Migration = {
  id: '0001-documents-created-index-with-id',
  description: "Every collection's documents get the newest-first index with _id after _created; the one on _created alone is dropped",
  up: async ({ store }) => {
    for (const { _id } of await store.collection<CollectionRecord>('dbCollections').find({})) {
      await store.ensureIndex({ collection: documentsOf(_id), fields: { _created: -1, _id: -1 } });
      await store.dropIndex({ collection: documentsOf(_id), fields: { _created: -1 } });
    }
  },
};
