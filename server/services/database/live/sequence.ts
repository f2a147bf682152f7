// The per-app sequence of the change log, shared by every instance without a lock or a counter:
// an entry's `_id` is `appId#seq`, so inserting it takes the number, and two writers can never
// take the same one (the engine's unique _id refuses the second, who takes the next). A process
// appends one app's entries one after another, and an append returns only once every number up
// to its own is stored (its own entries, another writer's, or fillers), so an answered write's
// entry is above every entry answered before it; a number stored a moment before a lower one is
// held back by tail.ts until the lower one is there (see there).
// The entries of one app that wait while its previous append is stored go in together, numbered
// in the order they came, in one insert: a group commit answers tens of creates at once, and one
// transaction a change each cost a create an eighth of its CPU (docs/database-speed.md).
import type { AppContext } from '../../../context';
import { bracketEnd } from '../sequence-end';
import { bucketOf, changeId, changeLog } from './model';
import type { ChangeDoc, ChangeInput } from './model';

/** Per store, the newest seq each app had when this process last looked: where its next insert starts. */
const knownByStore = new WeakMap<object, Map<string, number>>();
interface Waiting {
  entry: ChangeInput;
  resolve: (doc: ChangeDoc) => void;
  reject: (err: unknown) => void;
}
/** Per store, each app's entries waiting for their numbers, while one of its appends is under way. */
const queuesByStore = new WeakMap<object, Map<string, Waiting[]>>();

function mapOf<T>(maps: WeakMap<object, Map<string, T>>, store: object): Map<string, T> {
  let map = maps.get(store);
  if (!map) {
    map = new Map();
    maps.set(store, map);
  }
  return map;
}
const MAX_KNOWN_APPS = 10_000;
/** Past this many attempts refused in a row something else is wrong; the write is answered, its event is not. */
const MAX_TRIES = 50;
/** Entries stored in one insert at most. */
export const MAX_APPEND_BATCH = 100;

/** The newest seq stored for an app, 0 when it has none. */
export async function headSeq({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const newest = await changeLog(ctx).findOne({ appId }, { sort: { seq: -1 } });
  return newest?.seq ?? 0;
}

/**
 * Numbers left to fillers before a process's entries once it met another writer: that writer's
 * insert under way takes them (or a filler does), so the entries no longer race it for the same
 * number, which it sent first and usually wins. Each costs one stored filler when nobody else
 * was writing after all.
 */
const LEAD = 2;

/** A number no change took: it keeps the app's numbers without gaps, and reaches no stream. */
const filler = ({ appId, seq, at }: { appId: string; seq: number; at: string }): ChangeDoc => ({ _id: changeId({ appId, seq }), appId, seq, type: 'filler', collectionId: '', collection: '', at, bucket: bucketOf(at) });

/**
 * Stores the entries with the app's next numbers, past any another instance took. Each attempt
 * inserts every number from `next` to its last on its own: a number refused was taken, so when
 * the attempt returns every number up to its last is stored and an entry answered is above all
 * that were answered before it. Entries refused go again above them, after LEAD fillers; and when
 * even the last number was taken twice in a row, the next free one is looked up.
 */
async function insertInOrder({ ctx, appId, entries }: { ctx: AppContext; appId: string; entries: ChangeInput[] }): Promise<ChangeDoc[]> {
  const known = mapOf(knownByStore, ctx.store);
  const stored: (ChangeDoc | undefined)[] = entries.map(() => undefined);
  let next = (known.get(appId) ?? (await headSeq({ ctx, appId }))) + 1;
  let [pending, lead, passed] = [entries.map((_, i) => i), 0, 0];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > MAX_TRIES) throw new Error(`The change log of app ${appId} refused its numbers ${MAX_TRIES} times in a row`);
    const at = entries[pending[0]].at;
    const fillers = Array.from({ length: lead }, (_, i) => filler({ appId, seq: next + i, at }));
    const docs = pending.map((index, i): ChangeDoc => ({ ...entries[index], _id: changeId({ appId, seq: next + lead + i }), seq: next + lead + i, bucket: bucketOf(entries[index].at) }));
    const outcomes = await changeLog(ctx).insertEach([...fillers, ...docs]);
    pending.forEach((index, i) => {
      if (outcomes[lead + i]) stored[index] = docs[i];
    });
    pending = pending.filter((index) => stored[index] === undefined);
    const last = next + lead + docs.length - 1;
    passed = outcomes.at(-1) ? 0 : passed + 1;
    ({ next, lead } = passed >= 2 ? await pastTaken({ ctx, appId, seq: last }) : { next: last + 1, lead: LEAD });
  }
  if (known.size >= MAX_KNOWN_APPS && !known.has(appId)) known.clear();
  known.set(appId, next - 1);
  return stored as ChangeDoc[];
}

/** A gap between a number seen stored and one seen free this small is sent as fillers rather than narrowed by another round of lookups. */
const MAX_FILL = 8;

/**
 * Another instance took `seq`, and the ones tried after it: where to go on, found by lookups by
 * _id several at once (ahead, then between a stored and a free one), not by reading the newest
 * entry, which FerretDB 1.x answers by reading and sorting the app's whole log (up to
 * maxEntriesPerApp entries) while the process's next appends of the app wait. Once a stored and
 * a free number are at most MAX_FILL apart, the numbers between go as fillers (refused where
 * another writer stored them) and LEAD more: one round of lookups fewer, for at most MAX_FILL
 * fillers stored.
 */
async function pastTaken({ ctx, appId, seq }: { ctx: AppContext; appId: string; seq: number }): Promise<{ next: number; lead: number }> {
  const isStored = async (at: number): Promise<boolean> => (await changeLog(ctx).findOne({ _id: changeId({ appId, seq: at }) })) !== null;
  const { taken, free } = await bracketEnd({ from: seq, isStored, within: MAX_FILL });
  if (free === undefined) return { next: Math.max(taken, await headSeq({ ctx, appId })) + 1, lead: LEAD };
  return { next: taken + 1, lead: free - taken - 1 + LEAD };
}

/** Stores the app's waiting entries, a batch at a time, until none waits. */
async function drain({ ctx, appId, queue }: { ctx: AppContext; appId: string; queue: Waiting[] }): Promise<void> {
  while (queue.length > 0) {
    const batch = queue.splice(0, MAX_APPEND_BATCH);
    try {
      const docs = await insertInOrder({ ctx, appId, entries: batch.map((waiting) => waiting.entry) });
      batch.forEach((waiting, i) => waiting.resolve(docs[i]));
    } catch (err) {
      for (const waiting of batch) waiting.reject(err);
    }
  }
  mapOf(queuesByStore, ctx.store).delete(appId);
}

/** Appends an entry with the app's next seq; resolves once it is stored. */
export function appendChange({ ctx, entry }: { ctx: AppContext; entry: ChangeInput }): Promise<ChangeDoc> {
  const queues = mapOf(queuesByStore, ctx.store);
  return new Promise((resolve, reject) => {
    const queue = queues.get(entry.appId);
    if (queue) {
      queue.push({ entry, resolve, reject });
      return;
    }
    const started = [{ entry, resolve, reject }];
    queues.set(entry.appId, started);
    // One turn later: the writes a group commit answered together have all queued their entries.
    setImmediate(() => void drain({ ctx, appId: entry.appId, queue: started }));
  });
}
