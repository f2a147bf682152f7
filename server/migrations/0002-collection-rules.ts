// Issue 28: each collection gets five rules (list, view, create, update, delete) in place of the
// older `read`/`write` pair, and its documents an index on _owner for the owner-filtered lists.
// Every collection keeps exactly what it allowed: `read` gives list and view, `write` create,
// update and delete, by the table below (docs/public-data-api.md, "Rules"), written out here so
// the migration keeps doing what it did when the services change. Idempotent: a collection that
// has its rules is left alone, and ensureIndex skips an index there already.
import type { Migration } from './migration';

interface CollectionRecord {
  _id: string;
  access?: { read?: unknown; write?: unknown; origins?: unknown; documentWebhooks?: unknown };
  rules?: unknown;
  [field: string]: unknown;
}

const LOCKED = { kind: 'locked' };
const READ: Record<string, object> = { public: { kind: 'anyone' }, authenticated: { kind: 'users' }, owner: LOCKED };
const WRITE: Record<string, object> = { authenticated: { kind: 'users' }, owner: LOCKED };

function rulesOf(access: CollectionRecord['access']): Record<string, object> {
  const read = READ[String(access?.read)] ?? LOCKED;
  const write = WRITE[String(access?.write)] ?? LOCKED;
  return { list: read, view: read, create: write, update: write, delete: write };
}

export const collectionRules: Migration = {
  id: '0002-collection-rules',
  description: "Every collection's read/write access becomes its five rules (list, view, create, update, delete); its documents get the _owner index",
  up: async ({ store }) => {
    const collections = store.collection<CollectionRecord>('dbCollections');
    for (const collection of await collections.find({})) {
      await store.ensureIndex({ collection: `udb_${collection._id}`, fields: { _owner: 1, _created: -1, _id: -1 } });
      if (collection.rules !== undefined) continue;
      const origins = Array.isArray(collection.access?.origins) ? collection.access.origins : [];
      // The document webhooks switch (live changes) stays beside the origins.
      const webhooks = collection.access?.documentWebhooks === true ? { documentWebhooks: true } : {};
      await collections.updateOne({ _id: collection._id }, { $set: { rules: rulesOf(collection.access), access: { origins, ...webhooks } } });
    }
  },
};
