// The per-app sequence of the change log, shared by every instance without a lock or a counter:
// an entry's `_id` is `appId#seq`, so inserting it takes the number, and two writers can never
// take the same one (the engine's unique _id refuses the second, who takes the next). A process
// appends one app's entries one after another and inserts N+1 only once it has seen N stored, so
// an entry is never visible before the ones below it, on any engine; tail.ts still holds back
// past a missing number for a bounded time, for the rare writer that skips one (see there).
import type { AppContext } from '../../../context';
import { DuplicateKeyError } from '../../../storage/port';
import { changeId, changeLog } from './model';
import type { ChangeDoc, ChangeInput } from './model';

/** Per store, the newest seq each app had when this process last looked: where its next insert starts. */
const knownByStore = new WeakMap<object, Map<string, number>>();
/** Per store, each app's appends in this process, one at a time. */
const chainsByStore = new WeakMap<object, Map<string, Promise<unknown>>>();

function mapOf<T>(maps: WeakMap<object, Map<string, T>>, store: object): Map<string, T> {
  let map = maps.get(store);
  if (!map) {
    map = new Map();
    maps.set(store, map);
  }
  return map;
}
const MAX_KNOWN_APPS = 10_000;
/** Past this many refusals in a row something else is wrong; the write is answered, its event is not. */
const MAX_TRIES = 50;

/** The newest seq stored for an app, 0 when it has none. */
export async function headSeq({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  const newest = await changeLog(ctx).findOne({ appId }, { sort: { seq: -1 } });
  return newest?.seq ?? 0;
}

async function insertNext({ ctx, entry }: { ctx: AppContext; entry: ChangeInput }): Promise<ChangeDoc> {
  const { appId } = entry;
  const known = mapOf(knownByStore, ctx.store);
  let seq = (known.get(appId) ?? (await headSeq({ ctx, appId }))) + 1;
  for (let tries = 0; ; tries += 1) {
    const doc: ChangeDoc = { ...entry, _id: changeId({ appId, seq }), seq };
    try {
      await changeLog(ctx).insertOne(doc);
      if (known.size >= MAX_KNOWN_APPS && !known.has(appId)) known.clear();
      known.set(appId, seq);
      return doc;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError) || tries >= MAX_TRIES) throw err;
      seq = await firstFreeAfter({ ctx, appId, seq });
    }
  }
}

/** Point lookups by _id before asking for the newest entry, which FerretDB 1.x answers by reading the app's whole log. */
const PROBES = 8;

/**
 * Another instance took `seq`: usually it is only a few ahead (two instances appending at once), so
 * the next numbers are looked up by _id, the primary key on every engine; past PROBES taken ones,
 * the newest stored is read instead.
 */
async function firstFreeAfter({ ctx, appId, seq }: { ctx: AppContext; appId: string; seq: number }): Promise<number> {
  for (let next = seq + 1; next <= seq + PROBES; next += 1) {
    if (!(await changeLog(ctx).findOne({ _id: changeId({ appId, seq: next }) }))) return next;
  }
  return Math.max(seq, await headSeq({ ctx, appId })) + 1;
}

/** Appends an entry with the app's next seq; resolves once it is stored. */
export function appendChange({ ctx, entry }: { ctx: AppContext; entry: ChangeInput }): Promise<ChangeDoc> {
  const chains = mapOf(chainsByStore, ctx.store);
  const previous = chains.get(entry.appId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => insertNext({ ctx, entry }));
  chains.set(entry.appId, next);
  void next.finally(() => {
    if (chains.get(entry.appId) === next) chains.delete(entry.appId);
  }).catch(() => undefined);
  return next;
}
