// Sends the waiting writes in order, one at a time. Each answer settles its write (the server's
// record into the copy, the write out of the queue, later writes on the record moved to the
// version it made); a stale version goes to the conflict handler; a create the server already
// holds (a resend after a lost answer) counts as done; a refusal is reported, never dropped
// silently. Stops at the first write that finds no network, to be tried again later.
import type { Client } from '../client.ts';
import type { NindoDocument } from '../collection.ts';
import { ConflictError, NindoError } from '../errors.ts';
import { holdsChanges, threeWayMerge } from './merge.ts';
import { isTransient } from './offline.ts';
import { SYSTEM_FIELDS, withChanges } from './overlay.ts';
import type { Conflict, LocalStore, QueuedWrite } from './store.ts';
import { MAX_QUEUED_WRITES } from './store.ts';

export interface ConflictInput {
  collection: string;
  id: string;
  /** The record as the local edit made it (null for a delete). */
  local: NindoDocument | null;
  /** The record on the server now (null when it is gone). */
  remote: NindoDocument | null;
  /** The record the local edit started from. */
  base: NindoDocument | null;
}

/** 'remote' keeps the server's record, 'local' sends the edit again on it, a body is sent as the update. */
export type Resolution = 'remote' | 'local' | Record<string, unknown>;
export type ConflictHandler = (conflict: ConflictInput) => Resolution | Promise<Resolution>;

export interface ReplayContext {
  client: Client;
  store: LocalStore;
  onConflict?: ConflictHandler;
  report: (conflict: Omit<Conflict, 'at'>) => Promise<void>;
  /** The copy of a collection changed: views are told. */
  changed: (collection: string) => Promise<void>;
}

type Outcome = 'sent' | 'offline';

const bodyOf = (doc: NindoDocument): Record<string, unknown> => Object.fromEntries(Object.entries(doc).filter(([field]) => !SYSTEM_FIELDS.includes(field)));

/** The default rule: merged changes on an update still there; the server's record otherwise. */
function defaultResolution({ write, remote }: { write: QueuedWrite; remote: NindoDocument | null }): Resolution {
  if (write.action !== 'update' || !remote) return 'remote';
  const merged = threeWayMerge({ base: write.base, changes: write.body ?? {}, remote });
  return Object.keys(merged).length > 0 ? merged : 'remote';
}

/** The write as the resolution leaves it to send, or undefined when nothing is left to send. */
function resent({ write, remote, resolution }: { write: QueuedWrite; remote: NindoDocument | null; resolution: Resolution }): QueuedWrite | undefined {
  if (resolution === 'remote') return undefined;
  // Gone from the server (only an update gets here so): the edit comes back as a create under the same id.
  if (!remote) {
    const local = withChanges(write.base ?? { _id: write.id }, write.body ?? {});
    return { ...write, action: 'create', body: bodyOf(resolution === 'local' ? local : withChanges(local, resolution)), ifMatch: 0, base: null };
  }
  const version = remote._version ?? 1;
  if (resolution === 'local') return { ...write, ifMatch: version, base: remote };
  return { ...write, action: 'update', body: resolution, ifMatch: version, base: remote };
}

/** Later edits of the record were made on the version `write` started from: they now follow `version`. */
async function retarget({ ctx, write, version }: { ctx: ReplayContext; write: QueuedWrite; version: number }): Promise<void> {
  for (const later of await ctx.store.queue()) {
    if (later.key !== write.key && later.collection === write.collection && later.id === write.id && later.ifMatch === write.ifMatch) await ctx.store.replaceWrite({ ...later, ifMatch: version });
  }
}

async function settle({ ctx, write, doc }: { ctx: ReplayContext; write: QueuedWrite; doc: NindoDocument | null }): Promise<void> {
  const { store } = ctx;
  if (doc) await store.putRecords(write.collection, [doc]);
  else await store.removeRecord(write.collection, write.id);
  await store.removeWrite(write.key);
  if (doc) await retarget({ ctx, write, version: doc._version ?? 1 });
  await ctx.changed(write.collection);
}

async function conflict({ ctx, write, remote }: { ctx: ReplayContext; write: QueuedWrite; remote: NindoDocument | null }): Promise<void> {
  const changes = write.body ?? {};
  // A resend of a write the server already took (its answer was lost): done, not a conflict.
  if (write.action === 'update' && remote && holdsChanges({ changes, remote })) return settle({ ctx, write, doc: remote });
  if (write.action === 'delete' && !remote) return settle({ ctx, write, doc: null });
  const local = write.action === 'delete' ? null : withChanges(write.base ?? { _id: write.id }, changes);
  const input: ConflictInput = { collection: write.collection, id: write.id, local, remote, base: write.base };
  const resolution = ctx.onConflict ? await ctx.onConflict(input) : defaultResolution({ write, remote });
  const next = resent({ write, remote, resolution });
  if (remote) await ctx.store.putRecords(write.collection, [remote]);
  else await ctx.store.removeRecord(write.collection, write.id);
  if (next) {
    await ctx.store.replaceWrite(next);
    await retarget({ ctx, write, version: next.ifMatch });
  } else await ctx.store.removeWrite(write.key);
  const kept = resolution === 'remote' || !next ? 'remote' : resolution === 'local' ? 'local' : 'merged';
  await ctx.report({ ...input, kind: write.action === 'delete' ? 'delete' : 'update', resolution: kept });
  await ctx.changed(write.collection);
}

async function refused({ ctx, write, error }: { ctx: ReplayContext; write: QueuedWrite; error: NindoError }): Promise<void> {
  await ctx.store.removeWrite(write.key);
  const local = write.action === 'delete' ? null : withChanges(write.base ?? { _id: write.id }, write.body ?? {});
  const remote = (await ctx.store.getRecord(write.collection, write.id)) ?? null;
  await ctx.report({ collection: write.collection, id: write.id, kind: 'refused', local, remote, base: write.base, resolution: 'remote', message: error.message });
  await ctx.changed(write.collection);
}

async function sendOne({ ctx, write }: { ctx: ReplayContext; write: QueuedWrite }): Promise<Outcome> {
  const documents = ctx.client.collection(write.collection);
  try {
    if (write.action === 'create') await settle({ ctx, write, doc: await documents.create({ ...write.body, _id: write.id }) });
    else if (write.action === 'update') await settle({ ctx, write, doc: await documents.update(write.id, write.body ?? {}, { ifMatch: write.ifMatch }) });
    else {
      await documents.delete(write.id, { ifMatch: write.ifMatch });
      await settle({ ctx, write, doc: null });
    }
    return 'sent';
  } catch (error) {
    if (isTransient(error)) return 'offline';
    if (error instanceof ConflictError) await conflict({ ctx, write, remote: error.current as NindoDocument });
    else if (error instanceof NindoError && error.status === 404 && write.action !== 'create') await conflict({ ctx, write, remote: null });
    else if (error instanceof NindoError && error.status === 409 && write.action === 'create' && '_id' in error.fieldErrors) {
      // The id is taken: this create reached the server before (its answer was lost).
      const held = await documents.get(write.id).catch(() => null);
      await settle({ ctx, write, doc: held });
    } else if (error instanceof NindoError) await refused({ ctx, write, error });
    else throw error;
    return 'sent';
  }
}

/** Sends every waiting write in order; 'offline' when one found no network (it stays first in the queue). */
export async function replayQueue(ctx: ReplayContext): Promise<Outcome> {
  // Bounded: the queue holds at most MAX_QUEUED_WRITES, and a conflict's resend is one more step each.
  for (let step = 0; step < MAX_QUEUED_WRITES * 2; step += 1) {
    const [next] = await ctx.store.queue();
    if (!next) return 'sent';
    if ((await sendOne({ ctx, write: next })) === 'offline') return 'offline';
  }
  return 'sent';
}
