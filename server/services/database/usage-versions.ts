// An app's database usage as a chain of versions, changed without a lock and never lost. Each
// change inserts the app's next version `{seq, changes, documents, bytes}`: its changes as data
// (usage-changes.ts) and the usage they leave, computed from the newest version; the `_id`
// `${appId}#${seq}` is unique, so of two writers building on one version only one inserts. An
// insert is atomic on every engine, FerretDB included (whose updates read, change and overwrite a
// document, so two $inc could lose one: storage/mongo/write-lock.ts), and a writer that dies holds
// nothing: no call waits on another instance, alive or dead. The seq is zero-padded, so the
// primary key alone finds an app's old versions and, by a range, its newest: a version is one row
// and no other index. A process that saw a version as the newest less than HINT_MS ago finds the
// newest by looking seqs after it up by key instead (sequence-end.ts): FerretDB 1.x answers the
// range by reading every version of the app.
//
// The loser of a race does not read the newest version and try again: an instance writing
// version after version from memory wins every such race while the loser reads (on FerretDB a
// read of the newest took 20-35 ms, an insert 3-5 ms, and one call lost for 1.2-1.7 s while the
// other instance lived). It inserts its changes alone, without the usage, a little further on
// (LEAP), then reads the versions before its own (usually one), which no longer change, to learn
// what its changes did. A seq nobody wrote is filled with an empty version by whoever needs it,
// so no reader waits for a writer that skipped it or died. Readers add the versions up from the
// newest one holding its usage.
//
// The public data API's writes are judged in memory and their changes written here after the
// answer, flagged `admitted` (usage-ledger.ts): until their version is stored they count in the
// process's `unwritten`, and the step that remembers that version takes them out of it.
//
// A process remembers the newest version it wrote or read and builds on it for TRUST_MS; old
// versions are pruned once they are RETAIN_MS old, only behind a version holding its usage (and
// never the newest). So a version this process would build on cannot have been pruned behind it:
// its successor, if any, was written after this process saw it, less than TRUST_MS ago; and the
// versions after a hint, written after it was seen, are at most HINT_MS old.
import type { AppContext } from '../../context';
import type { Collection, Filter, Store } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { startPeriodic } from '../periodic';
import { bracketEnd } from './sequence-end';
import type { IsStored } from './sequence-end';
import { foldVersions, judge, storedUsage, storedUsageAt, ZERO } from './usage-changes';
import type { StoredVersion, Usage, UsageChange, Verdict } from './usage-changes';

export const DB_USAGE = 'dbUsage';

export interface UsageDoc extends StoredVersion {
  /** `${appId}#${seq}`, the seq zero-padded to SEQ_DIGITS. */
  _id: string;
  appId: string;
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
/**
 * How far a loser leaps. The winner of a seq starts on the next one as soon as its insert is
 * answered, before the loser learns it lost: trying the very next seq, the loser lost 26 times
 * in a row on FerretDB. One further, it is first there; the seq it skips is the winner's next.
 */
const LEAP = 2;
/** Versions a reader takes at a time, newest first, looking for one that holds its usage. */
const READ_BATCH = 16;
/**
 * A version this process saw as the newest less than this long ago starts the next read of the
 * newest, by key. Far below RETAIN_MS: the versions after it are too young to have been pruned.
 */
const HINT_MS = 60_000;
/**
 * The lookups past a hint once another writer is seen ahead, each of a seq and the next (so every
 * other step is enough near), far enough for minutes of other instances' versions.
 */
const FAR_AHEAD = [1, 3, 5, 7, 16, 64, 256, 1024, 4096, 16_384, 65_536];

const usageDocs = (ctx: AppContext): Collection<UsageDoc> => ctx.store.collection<UsageDoc>(DB_USAGE);
export const versionId = (appId: string, seq: number): string => `${appId}#${String(seq).padStart(SEQ_DIGITS, '0')}`;
/** The app's versions before `seq` (all when absent), by primary key: `#` and `$` are neighbours. */
const versionsBefore = (appId: string, seq?: number): Filter => ({ _id: { $gte: `${appId}#`, $lt: seq === undefined ? `${appId}$` : versionId(appId, seq) }, appId });
const refused = (verdict: Verdict): boolean => 'refused' in verdict;

interface Known {
  seq: number;
  usage: Usage;
  /** ctx.now() in ms when it was the newest. */
  seenAt: number;
}

interface Change {
  change: UsageChange;
  /** Admitted already and counted in `unwritten` until its version is stored (usage-ledger.ts). */
  admitted?: boolean;
  resolve: (verdict: Verdict) => void;
  reject: (err: unknown) => void;
}

interface ProcessUsage {
  newest: Map<string, Known>;
  /** Per app: the changes waiting for its next version, and whether one is being written. */
  waiting: Map<string, { changes: Change[]; writing: boolean }>;
  /** The apps this process changed whose versions may still need pruning: its last version holding its usage, and when. */
  changed: Map<string, { seq: number; at: number }>;
  /** Per app: what this process admitted (usage-ledger.ts) that no stored version it knows holds yet. */
  unwritten: Map<string, Usage>;
}

const processes = new WeakMap<Store, ProcessUsage>();

function processOf(store: Store): ProcessUsage {
  let known = processes.get(store);
  if (!known) {
    known = { newest: new Map(), waiting: new Map(), changed: new Map(), unwritten: new Map() };
    processes.set(store, known);
  }
  return known;
}

const plus = (a: Usage, b: Usage): Usage => ({ documents: a.documents + b.documents, bytes: a.bytes + b.bytes });
const minus = (a: Usage, b: Usage): Usage => ({ documents: a.documents - b.documents, bytes: a.bytes - b.bytes });

/** What this process admitted of the app that no stored version it knows holds yet. */
export const unwrittenUsage = ({ ctx, appId }: { ctx: AppContext; appId: string }): Usage => processOf(ctx.store).unwritten.get(appId) ?? ZERO;

/** Adds to (or, negative, takes from) what this process admitted and has not stored yet. */
export function addUnwritten({ ctx, appId, add }: { ctx: AppContext; appId: string; add: Usage }): void {
  const { unwritten } = processOf(ctx.store);
  const left = plus(unwrittenUsage({ ctx, appId }), add);
  if (left.documents === 0 && left.bytes === 0) unwritten.delete(appId);
  else unwritten.set(appId, left);
}

/** The app's newest version as this process knows it; in the same step, the admitted changes it holds stop counting as unwritten. */
function remember({ ctx, appId, known, stored = ZERO }: { ctx: AppContext; appId: string; known: Known; stored?: Usage }): void {
  const { newest } = processOf(ctx.store);
  if ((newest.get(appId)?.seq ?? -1) <= known.seq) newest.set(appId, known);
  addUnwritten({ ctx, appId, add: minus(ZERO, stored) });
}

/** Version `seq`, or an empty one put in its place when none is there (its writer skipped it, or died before writing it). */
async function versionAt({ ctx, appId, seq }: { ctx: AppContext; appId: string; seq: number }): Promise<StoredVersion> {
  const _id = versionId(appId, seq);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const found = await usageDocs(ctx).findOne({ _id });
    if (found) return found;
    const empty = { _id, appId, seq, at: ctx.now().toISOString(), changes: [] };
    if (await inserted({ ctx, version: empty })) return empty;
  }
  throw new Error(`Usage version ${_id} is neither stored nor free`);
}

/**
 * The versions after `from` up to `to`, in order: those in `read`, the others by key (FerretDB
 * serves an `_id` equality from its primary key, a range by reading every version), filled.
 */
async function versionsAfter({ ctx, appId, from, to, read = [] }: { ctx: AppContext; appId: string; from: number; to: number; read?: StoredVersion[] }): Promise<StoredVersion[]> {
  const bySeq = new Map(read.map((version) => [version.seq, version]));
  return Promise.all(Array.from({ length: to - from }, (_, i) => bySeq.get(from + 1 + i) ?? versionAt({ ctx, appId, seq: from + 1 + i })));
}

/** The newest version by a range over the app's versions, newest first. */
async function readNewestInRange({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Known> {
  const seenAt = ctx.now().getTime();
  const newestFirst: UsageDoc[] = [];
  for (;;) {
    const batch = await usageDocs(ctx).find(versionsBefore(appId, newestFirst.at(-1)?.seq), { sort: { _id: -1 }, limit: READ_BATCH });
    newestFirst.push(...batch);
    const stored = storedUsageAt(newestFirst);
    if (stored >= 0) {
      const { seq, documents = 0, bytes = 0 } = newestFirst[stored];
      const versions = await versionsAfter({ ctx, appId, from: seq, to: newestFirst[0].seq, read: newestFirst.slice(0, stored) });
      return { seq: newestFirst[0].seq, usage: foldVersions({ fromSeq: seq, usage: { documents, bytes }, versions }), seenAt };
    }
    if (batch.length < READ_BATCH) break;
  }
  if (newestFirst.length > 0) throw new Error(`The usage versions of app ${appId} hold no usage to start from`);
  // A store from before the versions holds one document `{_id: appId}`: the chain starts from it.
  const doc = await usageDocs(ctx).findOne({ _id: appId });
  return { seq: 0, usage: { documents: doc?.documents ?? ZERO.documents, bytes: doc?.bytes ?? ZERO.bytes }, seenAt };
}

/**
 * The newest version by key, from `hint`, a version this process saw as the newest: of a seq and
 * the one after it one is stored up to the newest version, neither past it (a writer leaps over a
 * seq only past one it found taken, so no two neighbours are ever both skipped). Usually two
 * lookups; undefined when more versions came since than the lookups reach.
 */
async function newestFrom({ ctx, appId, hint }: { ctx: AppContext; appId: string; hint: Known }): Promise<Known | undefined> {
  const seenAt = ctx.now().getTime();
  const lookups = new Map<number, Promise<boolean>>();
  const stored = (seq: number): Promise<boolean> => {
    const known = lookups.get(seq) ?? usageDocs(ctx).findOne({ _id: versionId(appId, seq) }).then((found) => found !== null);
    lookups.set(seq, known);
    return known;
  };
  const isStored: IsStored = async (seq) => (await Promise.all([stored(seq), stored(seq + 1)])).some(Boolean);
  let bounds = await bracketEnd({ from: hint.seq, isStored, within: 1, ahead: [1] });
  if (bounds.free === undefined) bounds = await bracketEnd({ from: bounds.taken, isStored, within: 1, ahead: FAR_AHEAD });
  if (bounds.free === undefined) return undefined;
  return { seq: bounds.taken, usage: await usageAt({ ctx, appId, seq: bounds.taken, known: hint }), seenAt };
}

/** The app's newest version: by key from the one this process last saw, when recent enough; else by a range. */
async function readNewest({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Known> {
  const hint = processOf(ctx.store).newest.get(appId);
  const found = hint && ctx.now().getTime() - hint.seenAt < HINT_MS ? await newestFrom({ ctx, appId, hint }) : undefined;
  return found ?? readNewestInRange({ ctx, appId });
}

/** The app's newest version this process saw less than `withinMs` ago; else read from the store, and remembered. */
export async function recentUsage({ ctx, appId, withinMs }: { ctx: AppContext; appId: string; withinMs: number }): Promise<{ usage: Usage; read: boolean }> {
  const kept = processOf(ctx.store).newest.get(appId);
  if (kept && ctx.now().getTime() - kept.seenAt < withinMs) return { usage: kept.usage, read: false };
  remember({ ctx, appId, known: await readNewest({ ctx, appId }) });
  // A version this process stored while the read was under way is newer than what it read, and its changes no longer count as unwritten.
  return { usage: (processOf(ctx.store).newest.get(appId) as Known).usage, read: true };
}

/** The app's usage as the store holds it now (every instance's changes); the version read is remembered. */
export async function currentUsage({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Usage> {
  return (await recentUsage({ ctx, appId, withinMs: 0 })).usage;
}

/** Inserts the version; false when another writer took its seq first. */
async function inserted({ ctx, version }: { ctx: AppContext; version: UsageDoc }): Promise<boolean> {
  try {
    // Committed with the document writes of the turn (one transaction on SQLite), not in one of its own.
    await usageDocs(ctx).insertOne(version, { groupCommit: true });
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}

/**
 * The usage after version `seq`: from the nearest version at or before it that holds its usage
 * (or `known`), read by key newest first. Usually one read: the version before a leaper's is
 * mostly the winner's, written from memory with its usage.
 */
async function usageAt({ ctx, appId, seq, known }: { ctx: AppContext; appId: string; seq: number; known: Known }): Promise<Usage> {
  const newerFirst: StoredVersion[] = [];
  for (let at = seq; at > known.seq; at -= 1) {
    const version = await versionAt({ ctx, appId, seq: at });
    const usage = storedUsage(version);
    if (usage) return foldVersions({ fromSeq: at, usage, versions: newerFirst.reverse() });
    newerFirst.push(version);
  }
  return foldVersions({ fromSeq: known.seq, usage: known.usage, versions: newerFirst.reverse() });
}

/**
 * After losing the race for `known.seq + 1`: the changes go in a later free seq, and are judged
 * once it is theirs on the versions before it, which no longer change.
 */
async function writeAfterLost({ ctx, appId, known, changes, stored }: { ctx: AppContext; appId: string; known: Known; changes: UsageChange[]; stored: Usage }): Promise<Verdict[]> {
  const at = ctx.now().toISOString();
  for (let seq = known.seq + 1 + LEAP, attempt = 0; attempt < MAX_ATTEMPTS; seq += LEAP, attempt += 1) {
    if (!(await inserted({ ctx, version: { _id: versionId(appId, seq), appId, seq, at, changes } }))) continue;
    const judged = judge({ usage: await usageAt({ ctx, appId, seq: seq - 1, known }), changes });
    remember({ ctx, appId, known: { seq, usage: judged.usage, seenAt: ctx.now().getTime() }, stored });
    return judged.verdicts;
  }
  throw new Error(`The usage of app ${appId} changed ${MAX_ATTEMPTS} times under this write`);
}

/**
 * Applies the changes in order to the app's newest usage and writes the result as its next
 * version; a refused change is left out. Built on a remembered version, a refusal is judged
 * again on the store's newest (another instance may have freed room since).
 */
async function writeVersion({ ctx, appId, changes, stored }: { ctx: AppContext; appId: string; changes: UsageChange[]; stored: Usage }): Promise<Verdict[]> {
  const { newest, changed } = processOf(ctx.store);
  const kept = newest.get(appId);
  const remembered = kept !== undefined && ctx.now().getTime() - kept.seenAt < TRUST_MS;
  let known = remembered ? kept : await readNewest({ ctx, appId });
  let judged = judge({ usage: known.usage, changes });
  if (remembered && judged.verdicts.some(refused)) {
    known = await readNewest({ ctx, appId });
    judged = judge({ usage: known.usage, changes });
  }
  if (judged.verdicts.every(refused)) return judged.verdicts;
  const seq = known.seq + 1;
  if (!(await inserted({ ctx, version: { _id: versionId(appId, seq), appId, seq, at: ctx.now().toISOString(), changes, ...judged.usage } }))) return writeAfterLost({ ctx, appId, known, changes, stored });
  remember({ ctx, appId, known: { seq, usage: judged.usage, seenAt: ctx.now().getTime() }, stored });
  changed.set(appId, { seq, at: ctx.now().getTime() });
  return judged.verdicts;
}

/** Writes the changes waiting for the app as one version, then the ones that came meanwhile. */
async function writeWaiting({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  const { waiting } = processOf(ctx.store);
  const batch = waiting.get(appId);
  if (!batch) return;
  const changes = batch.changes.splice(0);
  batch.writing = true;
  try {
    // Admitted changes are plain adds (no limits), never refused: what they add is what the version stores.
    const stored = changes.filter(({ admitted }) => admitted).reduce((sum, { change }) => ('add' in change ? plus(sum, change.add) : sum), ZERO);
    const verdicts = await writeVersion({ ctx, appId, changes: changes.map(({ change }) => change), stored });
    verdicts.forEach((verdict, i) => changes[i].resolve(verdict));
  } catch (err) {
    for (const change of changes) change.reject(err);
  } finally {
    batch.writing = false;
    if (batch.changes.length > 0) setImmediate(() => void writeWaiting({ ctx, appId }));
    else waiting.delete(appId);
  }
}

/** Resolves once no version of this process is waiting or being written. */
async function versionsWritten(store: Store): Promise<void> {
  const { waiting } = processOf(store);
  while (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Applies the change to the app's usage; answers what it did (refused: nothing was written).
 * The changes of one app that reach this process in the same turn of the event loop share one
 * version (one store write under load), and a process's versions of one app are written one at a
 * time (they would only collide).
 */
export function changeUsage({ ctx, appId, change, admitted }: { ctx: AppContext; appId: string; change: UsageChange; admitted?: boolean }): Promise<Verdict> {
  const { waiting } = processOf(ctx.store);
  return new Promise((resolve, reject) => {
    let batch = waiting.get(appId);
    if (!batch) {
      batch = { changes: [], writing: false };
      waiting.set(appId, batch);
    }
    batch.changes.push({ change, admitted, resolve, reject });
    if (batch.changes.length === 1 && !batch.writing) setImmediate(() => void writeWaiting({ ctx, appId }));
  });
}

/**
 * Deletes the versions over RETAIN_MS old behind this process's last one holding its usage, of the apps it changed;
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
  for (const [appId, known] of newest) if (now - known.seenAt >= HINT_MS) newest.delete(appId);
  return deleted;
}

/** Background: prunes once a minute; stopped, it settles once the versions being written are stored. */
export function startUsagePruner(ctx: AppContext): () => Promise<void> {
  const stopPruning = startPeriodic({ everyMs: PRUNE_EVERY_MS, run: () => pruneUsage({ ctx }), failed: 'Usage prune failed' });
  return async () => {
    await stopPruning();
    await versionsWritten(ctx.store);
  };
}
