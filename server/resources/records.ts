// Where a declared resource's records are kept, behind one shape for the generic handlers: its
// own collection (a record is its body, the scope's fields, _id, created and updated), or a
// list inside its parent's document (embedded-records.ts). The handlers never see which.
import type { AppContext } from '../context';
import type { ResourceDeclaration } from '../../rules/resource-declaration';
import { embeddedRecords } from './embedded-records';
import { answerOf } from './record-store';
import type { RecordStore } from './record-store';

function changeOf(fields: Record<string, unknown>): { $set: Record<string, unknown>; $unset?: Record<string, true> } {
  const removed = Object.keys(fields).filter((key) => fields[key] === undefined);
  const $set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return removed.length > 0 ? { $set, $unset: Object.fromEntries(removed.map((key) => [key, true as const])) } : { $set };
}

function collectionRecords({ ctx, resource, scope }: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string> }): RecordStore {
  const records = ctx.store.collection(resource.collection);
  const now = () => ctx.now().toISOString();
  return {
    find: async (filter, options) => (await records.find(filter, options)).map(answerOf),
    count: (filter) => records.count(filter),
    get: async (id) => {
      const found = await records.findOne({ _id: id, ...scope });
      return found ? answerOf(found) : null;
    },
    insert: async ({ id, ...fields }) => answerOf(await records.insertOne({ ...fields, ...scope, _id: String(id), created: now(), updated: now() })),
    update: async ({ existing, fields, replace }) => {
      // A whole-record write drops the fields it does not send, but never the server's own.
      const kept = ['id', '_id', 'created', 'updated', ...Object.keys(scope)];
      const dropped = replace ? Object.fromEntries(Object.keys(existing).filter((key) => !(key in fields) && !kept.includes(key)).map((key) => [key, undefined])) : {};
      const updated = await records.findOneAndUpdate({ _id: existing.id, ...scope }, changeOf({ ...dropped, ...fields, updated: now() }));
      return updated ? answerOf(updated) : null;
    },
    remove: async (id) => (await records.deleteOne({ _id: id, ...scope })) > 0,
  };
}

/** The records of one scope (and parent): the filters of every call are already in. */
export function recordStore(input: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string>; parentId?: string }): RecordStore {
  return input.resource.parent?.embedded ? embeddedRecords({ ...input, parentId: input.parentId ?? '' }) : collectionRecords(input);
}
