// An app's database usage as a chain of versions, changed without a lock and never lost. Each
// change inserts the app's next version `{seq, documents, bytes}` computed from the newest one;
// the `_id` `${appId}#${seq}` is unique, so of two writers building on one version only one
// inserts, and the other reads the newer version and tries again. An insert is atomic on every
// engine, FerretDB included (whose updates read, change and overwrite a document, so two $inc
// could lose one: storage/mongo/write-lock.ts), and a writer that dies holds nothing: no call
// waits on another instance, alive or dead. The seq is zero-padded, so the primary key alone
// finds an app's newest version and its old ones: a version is one row and no other index.
//
// A process remembers the newest version it wrote or read and builds on it for TRUST_MS; old
// versions are pruned once they are RETAIN_MS old (and never the newest). So a version this
// process would build on cannot have been pruned behind it: its successor, if any, was written
// after this process saw it, less than TRUST_MS ago.
import type { AppContext } from '../../context';
import type { Collection, Filter, Store } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { log } from '../../observability/log';

export const DB_USAGE = 'dbUsage';

export interface Usage {
  documents: number;
  bytes: number;
}

export interface UsageDoc extends Usage {
  /** `${appId}#${seq}`, the seq zero-padded to SEQ_DIGITS. */
  _id: string;
  appId: string;
  seq: number;
  /** ISO time of the change, for pruning. */
  at: string;
  [key: string]: unknown;
}

const SEQ_DIGITS = 15;
const TRUST_MS = 10_000;
const RETAIN_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** Every writer collides with the others at most this often in one change (each collision is another writer's success). */
const MAX_ATTEMPTS = 100;

const usageDocs = (ctx: AppContext): Collection<UsageDoc> => ctx.store.collection<UsageDoc>(DB_USAGE);
const versionId = (appId: string, seq: number): string => `${appId}#${String(seq).padStart(SEQ_DIGITS, '0')}`;
/** The app's versions before `seq` (all when absent), by primary key: `#` and `$` are neighbours. */
const versionsBefore = (appId: string, seq?: number): Filter => ({ _id: { $gte: `${appId}#`, $lt: seq === undefined ? `${appId}$` : versionId(appId, seq) }, appId });

interface Known {
  seq: number;
  usage: Usage;
  /** ctx.now() in ms when it was the newest. */
  seenAt: number;
}

interface ProcessUsage {
  newest: Map<string, Known>;
  /** Per app: the changes waiting for its next version, and whether one is being written. */
  waiting: Map<string, { changes: Change[]; writing: boolean }>;
  /** The apps this process changed whose versions may still need pruning: its last version, and when. */
  changed: Map<string, { seq: number; at: number }>;
}

const processes = new WeakMap<Store, ProcessUsage>();

function processOf(store: Store): ProcessUsage {
  let known = processes.get(store);
  if (!known) {
    known = { newest: new Map(), waiting: new Map(), changed: new Map() };
    processes.set(store, known);
  }
  return known;
}

async function readNewest({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Known> {
  // A store from before the versions holds one document `{_id: appId}`: the chain starts from it.
  const doc = (await usageDocs(ctx).findOne(versionsBefore(appId), { sort: { _id: -1 } })) ?? (await usageDocs(ctx).findOne({ _id: appId }));
  return { seq: doc?.seq ?? 0, usage: { documents: doc?.documents ?? 0, bytes: doc?.bytes ?? 0 }, seenAt: ctx.now().getTime() };
}

/** The app's usage as the store holds it now (every instance's changes). */
export async function currentUsage({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Usage> {
  return (await readNewest({ ctx, appId })).usage;
}

interface Change {
  next: (current: Usage) => Usage;
  resolve: (usage: Usage) => void;
  reject: (err: unknown) => void;
}

type Outcome = { usage: Usage } | { refused: unknown };

/**
 * Applies the changes in order to the app's newest usage and writes the result as its next
 * version; a change that throws is refused and left out. Built on a remembered version, a refusal
 * is judged again on the store's newest (another instance may have freed room since).
 */
async function writeVersion({ ctx, appId, changes }: { ctx: AppContext; appId: string; changes: Change[] }): Promise<Outcome[]> {
  const { newest, changed } = processOf(ctx.store);
  let known = newest.get(appId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const remembered = known !== undefined && ctx.now().getTime() - known.seenAt < TRUST_MS;
    if (!known || !remembered) known = await readNewest({ ctx, appId });
    let usage = known.usage;
    const outcomes: Outcome[] = [];
    for (const change of changes) {
      try {
        usage = change.next(usage);
        outcomes.push({ usage });
      } catch (refused) {
        outcomes.push({ refused });
      }
    }
    if (remembered && outcomes.some((outcome) => 'refused' in outcome)) {
      known = undefined;
      continue;
    }
    if (outcomes.every((outcome) => 'refused' in outcome)) return outcomes;
    const seq = known.seq + 1;
    try {
      // Committed with the document writes of the turn (one transaction on SQLite), not in one of its own.
      await usageDocs(ctx).insertOne({ _id: versionId(appId, seq), appId, seq, ...usage, at: ctx.now().toISOString() }, { groupCommit: true });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      // Another instance wrote this version first: build on the newest one.
      known = undefined;
      continue;
    }
    newest.set(appId, { seq, usage, seenAt: ctx.now().getTime() });
    changed.set(appId, { seq, at: ctx.now().getTime() });
    return outcomes;
  }
  throw new Error(`The usage of app ${appId} changed ${MAX_ATTEMPTS} times under this write`);
}

/** Writes the changes waiting for the app as one version, then the ones that came meanwhile. */
async function writeWaiting({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  const { waiting } = processOf(ctx.store);
  const batch = waiting.get(appId);
  if (!batch) return;
  const changes = batch.changes.splice(0);
  batch.writing = true;
  try {
    const outcomes = await writeVersion({ ctx, appId, changes });
    outcomes.forEach((outcome, i) => ('usage' in outcome ? changes[i].resolve(outcome.usage) : changes[i].reject(outcome.refused)));
  } catch (err) {
    for (const change of changes) change.reject(err);
  } finally {
    batch.writing = false;
    if (batch.changes.length > 0) setImmediate(() => void writeWaiting({ ctx, appId }));
    else waiting.delete(appId);
  }
}

/**
 * Replaces the app's usage by `next(current)`; `next` may throw to refuse the change (a quota),
 * and then nothing is written. Answers the usage written. The changes of one app that reach this
 * process in the same turn of the event loop share one version (one store write under load), and
 * a process's versions of one app are written one at a time (they would only collide).
 */
export function changeUsage({ ctx, appId, next }: { ctx: AppContext; appId: string; next: (current: Usage) => Usage }): Promise<Usage> {
  const { waiting } = processOf(ctx.store);
  return new Promise((resolve, reject) => {
    let batch = waiting.get(appId);
    if (!batch) {
      batch = { changes: [], writing: false };
      waiting.set(appId, batch);
    }
    batch.changes.push({ next, resolve, reject });
    if (batch.changes.length === 1 && !batch.writing) setImmediate(() => void writeWaiting({ ctx, appId }));
  });
}

/**
 * Deletes the versions over RETAIN_MS old behind this process's last one, of the apps it changed;
 * an app is done with once its last change is that old (every version it wrote is then covered).
 */
export async function pruneUsage({ ctx }: { ctx: AppContext }): Promise<number> {
  const { newest, changed } = processOf(ctx.store);
  const now = ctx.now().getTime();
  let deleted = 0;
  for (const [appId, last] of [...changed]) {
    deleted += await usageDocs(ctx).deleteMany({ ...versionsBefore(appId, last.seq), at: { $lt: new Date(now - RETAIN_MS).toISOString() } });
    if (now - last.at > RETAIN_MS) changed.delete(appId);
  }
  for (const [appId, known] of newest) if (now - known.seenAt >= TRUST_MS) newest.delete(appId);
  return deleted;
}

/** Background: prunes once a minute. */
export function startUsagePruner(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    pruneUsage({ ctx }).catch((err: unknown) => log.error({ err }, 'Usage prune failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
