// `POST /api/v1/data/{appId}/batch` (issue 28, item 4): up to 100 creates, updates and deletes
// across the app's collections. Every operation is checked first, as its single path checks it
// (body, the collection's rule, relations, the owner), and the app's quota for them all; the
// first refusal answers for the batch and nothing is written. Then the writes go in order: in one
// transaction where the engine has them (SQLite, Store.writeAtomically), else one by one, so a
// write the engine refuses then (a unique value taken meanwhile) leaves those before it written.
import type { AppContext } from '../../../context';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../../http/errors';
import { DuplicateKeyError } from '../../../storage/port';
import type { AtomicWrite, Doc } from '../../../storage/port';
import { DATABASE_MESSAGES } from '../../../../rules/database';
import { applied, checkedWrite, documentUpdate, newDocument, uniqueError } from '../documents';
import { documentStore, documentStoreName, forgetDocumentCounts } from '../model';
import type { CollectionDoc, DbDocument } from '../model';
import { admittedDocumentWrite, documentBytes } from '../quotas';
import { viewDocument } from '../view';
import { ACCESS_MESSAGES, collectionFor, scopeFor } from './admission';
import { identifyCaller } from './callers';
import type { Caller } from './callers';
import { challengedOn401 } from './challenge';
import { checkDeclaredBody } from './declared-bodies';
import { asConflict } from './public-documents';
import { ownerOfWrite } from './record-owner';
import { meterRequest } from './request-limits';
import { recordMatches } from './rules';
import type { RuleScope } from './rules';
import { recordChange } from '../live/record-change';
import type { ChangeType } from '../live/model';
import type { DataBatchOperation } from '../../../../generated/client/types.gen';

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
  answer: (written: Doc | null) => BatchResult;
  /** The change log's entry once written (live changes, document webhooks); none when the write found nothing. */
  change: (written: Doc | null) => { type: ChangeType; doc: DbDocument } | undefined;
}

interface Context {
  ctx: AppContext;
  appId: string;
  caller: Caller;
}

const byId = (id: string, scope: RuleScope): Record<string, unknown> => (scope.allow === 'some' ? { $and: [{ _id: id }, scope.filter] } : { _id: id });

function idOf(op: DataBatchOperation): string {
  if (!op.id) throw new ValidationError(`${op.action} needs the document's id`, { id: 'Required' });
  return op.id;
}

async function planCreate({ ctx, appId, caller, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  scopeFor({ collection, rule: 'create', caller });
  const body = op.body ?? {};
  checkDeclaredBody({ collection, mode: 'create', body });
  const owner = await ownerOfWrite({ ctx, appId, caller, body, mode: 'create' });
  const { set } = await asConflict(checkedWrite({ ctx, appId, collection, input: body, mode: 'create' }));
  const doc = newDocument({ ctx, set, owner });
  if (!recordMatches({ collection, rule: 'create', caller, doc })) throw new ForbiddenError(ACCESS_MESSAGES.createRefused);
  return { collection, write: { collection: documentStoreName(collection._id), insert: doc }, documents: 1, bytes: documentBytes(doc), answer: () => ({ status: 201, data: viewDocument({ doc, collection, view: 'public' }) }), change: () => ({ type: 'created', doc }) };
}

async function planUpdate({ ctx, appId, caller, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  const filter = byId(idOf(op), scopeFor({ collection, rule: 'update', caller }));
  const body = op.body ?? {};
  checkDeclaredBody({ collection, mode: 'update', body });
  const current = await documentStore(ctx, collection._id).findOne(filter);
  if (!current) throw new NotFoundError(DATABASE_MESSAGES.documentNotFound);
  const owner = await ownerOfWrite({ ctx, appId, caller, body, mode: 'update' });
  const { set, unset } = await asConflict(checkedWrite({ ctx, appId, collection, input: body, mode: 'update' }));
  const update = documentUpdate({ ctx, set, unset, owner });
  const after = (doc: DbDocument): DbDocument => applied({ doc, set: update.$set, unset: Object.keys(update.$unset ?? {}) });
  return {
    collection,
    write: { collection: documentStoreName(collection._id), update: { filter, update } },
    documents: 0,
    bytes: documentBytes(after(current)) - documentBytes(current),
    answer: (before) => ({ status: 200, data: viewDocument({ doc: after((before as DbDocument | null) ?? current), collection, view: 'public' }) }),
    change: (before) => (before ? { type: 'updated', doc: after(before as DbDocument) } : undefined),
  };
}

async function planDelete({ ctx, caller, collection, op }: Context & { collection: CollectionDoc; op: DataBatchOperation }): Promise<Planned> {
  const filter = byId(idOf(op), scopeFor({ collection, rule: 'delete', caller }));
  const current = await documentStore(ctx, collection._id).findOne(filter);
  if (!current) throw new NotFoundError(DATABASE_MESSAGES.documentNotFound);
  return { collection, write: { collection: documentStoreName(collection._id), delete: filter }, documents: -1, bytes: -documentBytes(current), answer: () => ({ status: 200, data: null }), change: (deleted) => (deleted ? { type: 'deleted', doc: deleted as DbDocument } : undefined) };
}

const PLANS = { create: planCreate, update: planUpdate, delete: planDelete };

/** Refusals name their operation (from 1) and put its field errors under operations.{index}. */
async function numbered<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError) || err instanceof UnauthorizedError || err.status === 429) throw err;
    const fieldErrors = err.fieldErrors && Object.fromEntries(Object.entries(err.fieldErrors).map(([key, value]) => [`operations.${index}.${key}`, value]));
    throw new AppError(err.status, `Operation ${index + 1}: ${err.message}`, fieldErrors);
  }
}

/** In order; a write that finds nothing any more (deleted meanwhile) is that operation's 404. */
async function writeAll({ ctx, plans }: { ctx: AppContext; plans: Planned[] }): Promise<Array<Doc | null>> {
  const writes = plans.map((plan) => plan.write);
  try {
    if (ctx.store.writeAtomically) return await ctx.store.writeAtomically(writes);
    const out: Array<Doc | null> = [];
    for (const write of writes) {
      const store = ctx.store.collection(write.collection, { lockFree: true });
      if ('insert' in write) out.push(await store.insertOne(write.insert));
      else if ('update' in write) out.push(await store.findOneAndUpdate(write.update.filter, write.update.update, { returnDocument: 'before' }));
      else out.push(await store.findOneAndDelete(write.delete));
    }
    return out;
  } catch (err) {
    const plan = err instanceof DuplicateKeyError ? plans.find((candidate) => candidate.write.collection === err.collection) : undefined;
    throw plan && err instanceof DuplicateKeyError ? uniqueErrorAsConflict(plan.collection, err) : err;
  }
}

const uniqueErrorAsConflict = (collection: CollectionDoc, err: DuplicateKeyError): Error => {
  const refused = uniqueError({ collection, err });
  return new AppError(409, refused.message, refused.fieldErrors);
};

export async function batchPublicDocuments({ ctx, appId, authorization, sessionUserId, operations }: { ctx: AppContext; appId: string; authorization?: string; sessionUserId?: string; operations: DataBatchOperation[] }): Promise<BatchResult[]> {
  return challengedOn401({ ctx, appId, authorization }, async () => {
    const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
    const collections = new Map<string, Promise<CollectionDoc>>();
    const plans: Planned[] = [];
    for (const [index, op] of operations.entries()) {
      plans.push(
        await numbered(index, async () => {
          const collection = collections.get(op.collection) ?? collectionFor({ ctx, appId, name: op.collection, caller });
          collections.set(op.collection, collection);
          return PLANS[op.action]({ ctx, appId, caller, collection: await collection, op });
        }),
      );
    }
    await meterRequest({ ctx, appId, counted });
    const sum = (pick: (plan: Planned) => number): number => plans.reduce((total, plan) => total + pick(plan), 0);
    // Judged on the growth alone (a quota refuses the whole batch); the net change is what gets counted.
    const written = await admittedDocumentWrite({
      ctx,
      appId,
      add: { documents: sum((plan) => Math.max(0, plan.documents)), bytes: sum((plan) => Math.max(0, plan.bytes)) },
      write: () => writeAll({ ctx, plans }),
      settle: () => ({ documents: sum((plan) => plan.documents), bytes: sum((plan) => plan.bytes) }),
    });
    for (const id of new Set(plans.map((plan) => plan.collection._id))) forgetDocumentCounts(ctx, id);
    // In the batch's order, as the single paths record theirs (documents.ts).
    for (const [index, plan] of plans.entries()) {
      const change = plan.change(written[index]);
      if (change) await recordChange({ ctx, appId, collection: plan.collection, ...change });
    }
    return plans.map((plan, index) => plan.answer(written[index]));
  });
}
