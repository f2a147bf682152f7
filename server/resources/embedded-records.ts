// Records kept in a list inside their parent's document (a declaration's `parent.embedded`),
// as app user notes are kept in the app user's `notes`: the parent document is the unit of
// change (a write sets the whole list, the same on every engine), so its answer carries them
// with no second read. The handlers have checked the parent.
import type { AppContext } from '../context';
import type { ResourceDeclaration } from '../../rules/resource-declaration';
import type { RecordStore, ResourceRecord } from './record-store';

export function embeddedRecords({ ctx, resource, scope, parentId }: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string>; parentId: string }): RecordStore {
  const parent = resource.parent;
  const field = parent?.embedded ?? '';
  const parents = ctx.store.collection(resource.collection);
  const where = { _id: parentId, ...scope };
  const all = async (): Promise<ResourceRecord[]> => ((await parents.findOne(where))?.[field] as ResourceRecord[] | undefined) ?? [];
  const unsupported = (): never => {
    throw new Error(`${resource.name} is embedded: it has no list`);
  };
  return {
    find: unsupported,
    count: unsupported,
    get: async (id) => (await all()).find((record) => record.id === id) ?? null,
    insert: async (fields) => {
      const record = { ...fields } as ResourceRecord;
      await parents.updateOne(where, { $push: { [field]: record } });
      return record;
    },
    update: async ({ existing: { id }, fields, replace }) => {
      const records = await all();
      const old = records.find((record) => record.id === id);
      if (!old) return null;
      const merged = Object.entries(replace ? fields : { ...old, ...fields }).filter(([, value]) => value !== undefined);
      const record = { id, ...Object.fromEntries(merged) } as ResourceRecord;
      await parents.updateOne(where, { $set: { [field]: records.map((one) => (one.id === id ? record : one)) } });
      return record;
    },
    remove: async (id) => {
      const records = await all();
      if (!records.some((record) => record.id === id)) return false;
      await parents.updateOne(where, { $set: { [field]: records.filter((record) => record.id !== id) } });
      return true;
    },
  };
}
