// `POST /api/v1/data/{appId}/batch` (issue 28, item 4): up to 100 creates, updates and deletes
// across the app's collections. Every operation is checked first, in order, as its single path
// checks it (body, the collection's rule, relations, the owner), against the records as the
// operations before it leave them (batch-state.ts, issue 36 item 12), then the app's quota for them
// all; the first refusal answers for the batch and nothing is written. Then the writes go in
// order: in one transaction where the engine has them (SQLite, Store.writeAtomically), else one by
// one, so a write the engine refuses then (a unique value taken meanwhile, a record deleted
// meanwhile) leaves those before it written, counted and in the change log.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../../context';
import { AppError, ConflictError, NotFoundError, PreconditionFailedError, UnauthorizedError, ValidationError } from '../../../http/errors';
import { DuplicateKeyError, NothingMatchedError } from '../../../storage/port';
import type { AtomicWrite, Doc, Filter } from '../../../storage/port';
import { DATABASE_MESSAGES } from '../../../../rules/database';
import { checkedWrite, checkIdFree, documentUpdate, leftByUpdate, newDocument, uniqueError } from '../documents';
import { documentStore, documentStoreName, forgetDocumentCounts } from '../model';
import type { CollectionDoc, DbDocument } from '../model';
import { admittedDocumentWrite, documentBytes } from '../quotas';
import type { RelationCheck } from '../references';
import { viewDocument } from '../view';
import { collectionFor, scopeFor } from './admission';
import { batchRelations } from './batch-relations';
import { batchState, byId, recordInBatch } from './batch-state';
import type { BatchState } from './batch-state';
import { identifyCaller } from './callers';
import type { Caller } from './callers';
import { challengedOn401 } from './challenge';
import { checkDeclaredBody } from './declared-bodies';
import { allowedBy, asConflict, chosenId } from './public-documents';
import { ownerOfWrite } from './record-owner';
import { meterRequest } from './request-limits';
import { recordChange } from '../live/record-change';
import type { ChangeType } from '../live/model';
import type { DataBatchOperation } from '../../../../generated/client/types.gen';
import { checkExpected, staleError, withVersion } from '../versions';

export interface BatchResult {
  status: number;
  data: DbDocument | null;
}

interface Planned {
  collection: CollectionDoc;
  write: AtomicWrite;
  /** The app's usage change once written. */
  documents: number;
  bytes: number;
  /** From what the write answered: the document inserted, or the one before the update or delete. */
  answer: (written: Doc) => BatchResult;
  /** The change log's entry once written (live changes, document webhooks). */
  change: (written: Doc) => { type: ChangeType; doc: DbDocument; before?: DbDocument };
  /** When the write's filter holds a version (ifMatch, or a record stored before versions), the record's filter without it: matching nothing may mean it changed. */
  recheck?: Filter;
  /** A pinned update's or delete's expected state (its id and version), claimed before the write where filters alone are not exact (FindOneAndUpdateOptions.claim), as the single path does. */
  claim?: string;
}

interface Context {
  ctx: AppContext;
  appId: string;
  caller: Caller;
  state: BatchState;
  relations: RelationCheck;
}

function idOf(op: DataBatchOperation): string {
  if (!op.id) throw new ValidationError(`${op.action} needs the document's id`, { id: 'Required' });
  return op.id;
}

async function planCreate({ ctx, appId, caller, state, relations, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  scopeFor({ collection, rule: 'create', caller });
  const body = op.body ?? {};
  checkDeclaredBody({ collection, mode: 'create', body });
  const owner = await ownerOfWrite({ ctx, appId, caller, body, mode: 'create' });
  const { set } = await asConflict(checkedWrite({ ctx, appId, collection, input: body, mode: 'create', relations }));
  const id = chosenId(body);
  // An id an earlier operation of the batch created or deleted is judged as it leaves it.
  const earlier = id === undefined ? undefined : state.touched(collection._id, id);
  if (earlier === undefined) await asConflict(checkIdFree({ ctx, collection, id }));
  else if (earlier !== null) throw new ConflictError(DATABASE_MESSAGES.documentIdTaken, { _id: DATABASE_MESSAGES.documentIdTaken });
  const doc = newDocument({ ctx, set, owner, id });
  allowedBy({ collection, rule: 'create', caller })(doc);
  state.leave(collection._id, doc._id, doc);
  return {
    collection,
    write: { collection: documentStoreName(collection._id), insert: doc },
    documents: 1,
    bytes: documentBytes(doc),
    answer: () => ({ status: 201, data: viewDocument({ doc, collection, view: 'public' }) }),
    change: () => ({ type: 'created', doc }),
  };
}

async function planUpdate({ ctx, appId, caller, state, relations, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  const id = idOf(op);
  const scope = scopeFor({ collection, rule: 'update', caller });
  const filter = byId(id, scope);
  const body = op.body ?? {};
  checkDeclaredBody({ collection, mode: 'update', body });
  const current = await recordInBatch({ ctx, state, collection, id, rule: 'update', caller, scope });
  checkExpected({ current, expected: op.ifMatch, show: publicView(collection) });
  const owner = await ownerOfWrite({ ctx, appId, caller, body, mode: 'update' });
  const { set, unset } = await asConflict(checkedWrite({ ctx, appId, collection, input: body, mode: 'update', relations }));
  const { update, pinned } = documentUpdate({ ctx, set, unset, owner, current, expected: op.ifMatch });
  const after = leftByUpdate(update);
  const left = after(current);
  allowedBy({ collection, rule: 'update', caller })(left);
  state.leave(collection._id, id, left);
  return {
    collection,
    write: { collection: documentStoreName(collection._id), update: { filter: withVersion(filter, pinned), update } },
    documents: 0,
    bytes: documentBytes(left) - documentBytes(current),
    answer: (before) => ({ status: 200, data: viewDocument({ doc: after(before as DbDocument), collection, view: 'public' }) }),
    change: (before) => ({ type: 'updated', doc: after(before as DbDocument), before: before as DbDocument }),
    ...(pinned === undefined ? {} : { recheck: filter, claim: `${id}#${pinned}` }),
  };
}

async function planDelete({ ctx, caller, state, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  const id = idOf(op);
  const scope = scopeFor({ collection, rule: 'delete', caller });
  const filter = byId(id, scope);
  const current = await recordInBatch({ ctx, state, collection, id, rule: 'delete', caller, scope });
  checkExpected({ current, expected: op.ifMatch, show: publicView(collection) });
  state.leave(collection._id, id, null);
  return {
    collection,
    write: { collection: documentStoreName(collection._id), delete: withVersion(filter, op.ifMatch) },
    documents: -1,
    bytes: -documentBytes(current),
    answer: () => ({ status: 200, data: null }),
    change: (deleted) => ({ type: 'deleted', doc: deleted as DbDocument }),
    ...(op.ifMatch === undefined ? {} : { recheck: filter, claim: `${id}#${op.ifMatch}` }),
  };
}

const PLANS = { create: planCreate, update: planUpdate, delete: planDelete };

const publicView = (collection: CollectionDoc) => (doc: DbDocument): DbDocument => viewDocument({ doc, collection, view: 'public' });

/** A refusal names its operation (from 1) and puts its field errors under operations.{index}. */
function numberedError(index: number, err: unknown): unknown {
  if (!(err instanceof AppError) || err instanceof UnauthorizedError || err.status === 429) return err;
  const message = `Operation ${index + 1}: ${err.message}`;
  if (err instanceof PreconditionFailedError) return new PreconditionFailedError(message, err.data);
  const fieldErrors = err.fieldErrors && Object.fromEntries(Object.entries(err.fieldErrors).map(([key, value]) => [`operations.${index}.${key}`, value]));
  return new AppError(err.status, message, fieldErrors);
}

async function numbered<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw numberedError(index, err);
  }
}

/**
 * A write that matched nothing: the record is gone (404), or, when the write held its version,
 * changed since the checks (412 with it as it is now, as the single paths answer).
 */
async function missedRefusal({ ctx, plans, index }: { ctx: AppContext; plans: Planned[]; index: number }): Promise<unknown> {
  const { collection, recheck } = plans[index];
  const now = recheck ? await documentStore(ctx, collection._id).findOne(recheck) : null;
  return numberedError(index, now ? staleError(publicView(collection)(now)) : new NotFoundError(DATABASE_MESSAGES.documentNotFound));
}

/** The value a unique index refused, as the single paths answer it (not numbered: SQLite does not say which write). */
async function engineRefusal({ ctx, plans, err, index }: { ctx: AppContext; plans: Planned[]; err: unknown; index?: number }): Promise<unknown> {
  if (err instanceof NothingMatchedError) return missedRefusal({ ctx, plans, index: err.index });
  if (!(err instanceof DuplicateKeyError)) return err;
  const plan = (index === undefined ? undefined : plans[index]) ?? plans.find((candidate) => candidate.write.collection === err.collection);
  if (!plan) return err;
  const refused = uniqueError({ collection: plan.collection, err });
  return new AppError(409, refused.message, refused.fieldErrors);
}

interface Written {
  /** What each write answered, for the operations written (all, unless `refused`). */
  docs: Doc[];
  refused?: unknown;
}

/**
 * In order. SQLite: one transaction, all or none. Elsewhere one by one, and a write refused then
 * (a unique value taken or a record deleted since the checks) stops the batch there, those before
 * it staying written.
 */
async function writeAll({ ctx, plans }: { ctx: AppContext; plans: Planned[] }): Promise<Written> {
  const writes = plans.map((plan) => plan.write);
  if (ctx.store.writeAtomically) {
    try {
      return { docs: (await ctx.store.writeAtomically(writes)) as Doc[] };
    } catch (err) {
      throw await engineRefusal({ ctx, plans, err });
    }
  }
  const docs: Doc[] = [];
  for (const [index, write] of writes.entries()) {
    const store = ctx.store.collection(write.collection, { lockFree: true });
    const { claim } = plans[index];
    try {
      const doc = 'insert' in write ? await store.insertOne(write.insert) : 'update' in write ? await store.findOneAndUpdate(write.update.filter, write.update.update, { returnDocument: 'before', ...(claim === undefined ? {} : { claim }) }) : await store.findOneAndDelete(write.delete, claim === undefined ? {} : { claim });
      if (!doc) throw new NothingMatchedError(index);
      docs.push(doc);
    } catch (err) {
      return { docs, refused: await engineRefusal({ ctx, plans, err, index }) };
    }
  }
  return { docs };
}

export async function batchPublicDocuments({ ctx, appId, authorization, sessionUserId, operations }: { ctx: AppContext; appId: string; authorization?: string; sessionUserId?: string; operations: DataBatchOperation[] }): Promise<BatchResult[]> {
  return challengedOn401({ ctx, appId, authorization }, async () => {
    const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
    const collections = new Map<string, Promise<CollectionDoc>>();
    const collectionOf = (op: DataBatchOperation): Promise<CollectionDoc> => {
      const collection = collections.get(op.collection) ?? collectionFor({ ctx, appId, name: op.collection, caller });
      collections.set(op.collection, collection);
      return collection;
    };
    const state = batchState();
    const relations = await batchRelations({ ctx, appId, caller, operations, collectionOf, state });
    const plans: Planned[] = [];
    for (const [index, op] of operations.entries()) {
      // Other requests are served between operations: a large batch does not hold the thread.
      if (index > 0) await nextTurn();
      plans.push(await numbered(index, async () => PLANS[op.action]({ ctx, appId, caller, state, relations, collection: await collectionOf(op), op })));
    }
    await meterRequest({ ctx, appId, counted });
    const sum = (list: Planned[], pick: (plan: Planned) => number): number => list.reduce((total, plan) => total + pick(plan), 0);
    // Judged on the growth alone (a quota refuses the whole batch); the net change of what was written is what gets counted.
    const written = await admittedDocumentWrite({
      ctx,
      appId,
      add: { documents: sum(plans, (plan) => Math.max(0, plan.documents)), bytes: sum(plans, (plan) => Math.max(0, plan.bytes)) },
      write: () => writeAll({ ctx, plans }),
      settle: ({ docs }) => {
        const done = plans.slice(0, docs.length);
        return { documents: sum(done, (plan) => plan.documents), bytes: sum(done, (plan) => plan.bytes) };
      },
    });
    for (const id of new Set(plans.map((plan) => plan.collection._id))) forgetDocumentCounts(ctx, id);
    // In the batch's order, as the single paths record theirs (documents.ts).
    for (const [index, doc] of written.docs.entries()) await recordChange({ ctx, appId, collection: plans[index].collection, ...plans[index].change(doc) });
    if (written.refused) throw written.refused;
    return plans.map((plan, index) => plan.answer(written.docs[index]));
  });
}
