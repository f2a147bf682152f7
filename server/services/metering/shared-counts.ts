// Counts that every instance shares through the store, with no store write per call and no lock:
// rate windows and monthly request counts. Each process counts in memory and adds what it
// counted for a key to a document of its own (one per key, period and process) at most every
// FLUSH_MS, in the background (no call waits for a write); the same trip reads back every
// process's documents of that key and period, and the first call of a key and period waits for
// that read alone. A process judges a key by the store's total as of its last
// flush plus what it counted since: its own calls exactly, other instances' late by what they
// counted since their last flush and since this process's last read (each at most FLUSH_MS
// while calls keep coming): a limit may be overshot by what the other instances admit in about
// 2 x FLUSH_MS.
//
// One writer per document is what makes this safe without a lock where updates are not atomic
// (FerretDB reads, changes and overwrites a document: two writers could lose an $inc; see
// storage/mongo/write-lock.ts). So no call waits on another instance, alive or dead; a killed
// instance loses only what it had not yet written (at most FLUSH_MS of its calls).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, Filter, Store } from '../../storage/port';
import { log } from '../../observability/log';
import { startPeriodic } from '../periodic';

export type Period = string | number;

export interface SharedCount {
  /** The store collection holding every process's documents of this count. */
  collection: string;
  /** The period a moment falls in (a minute's number, a month's 'YYYY-MM'): each counts from zero. */
  periodOf: (now: Date) => Period;
  /** The fields naming a key and period in its documents; readers filter by them. */
  fieldsOf: (key: string, period: Period) => Record<string, Period>;
  /** The documents of periods nobody reads any more, deleted by the flusher once a minute (none when absent). */
  expired?: (now: Date) => Filter;
}

export const FLUSH_MS = 250;
/** Past this many keys of one count in memory, the quiet ones are forgotten (the store holds their counts). */
const MAX_TALLIES = 50_000;
const SWEEP_EVERY_MS = 60_000;

interface CountDoc {
  _id: string;
  count: number;
  [field: string]: unknown;
}

/** What this process knows of one key in `period`: the store's total at its last flush, and its own calls since. */
interface Tally {
  period: Period;
  stored: number;
  unwritten: number;
  /** Being written by the flush under way (still this process's own until the flush has read the store). */
  flushing: number;
  /** performance.now() of the last flush. */
  writtenAt?: number;
  writing?: Promise<void>;
}

interface Counts {
  shared: SharedCount;
  tallies: Map<string, Tally>;
}

interface Process {
  instance: string;
  counts: Map<string, Counts>;
  /** Writes of periods that ended, left to the background: flushCounts waits for them. */
  endedWrites: Set<Promise<void>>;
}

/** Per store: test apps on separate stores count apart, as separate instances would. */
const processes = new WeakMap<Store, Process>();

function countsOf(store: Store): Process {
  let known = processes.get(store);
  if (!known) {
    known = { instance: randomUUID(), counts: new Map(), endedWrites: new Set() };
    processes.set(store, known);
  }
  return known;
}

function talliesOf(store: Store, shared: SharedCount): Map<string, Tally> {
  const { counts } = countsOf(store);
  let entry = counts.get(shared.collection);
  if (!entry) {
    entry = { shared, tallies: new Map() };
    counts.set(shared.collection, entry);
  }
  return entry.tallies;
}

const docs = (ctx: AppContext, shared: SharedCount): Collection<CountDoc> => ctx.store.collection<CountDoc>(shared.collection);
const ownId = ({ ctx, key, period }: { ctx: AppContext; key: string; period: Period }): string => `${key}:${period}:${countsOf(ctx.store).instance}`;

/** Adds to this process's own document; it alone writes it, so no lock is needed. */
async function writeOwn({ ctx, shared, key, period, count }: { ctx: AppContext; shared: SharedCount; key: string; period: Period; count: number }): Promise<CountDoc | null> {
  return docs(ctx, shared).findOneAndUpdate(
    { _id: ownId({ ctx, key, period }) },
    { $inc: { count }, $setOnInsert: shared.fieldsOf(key, period) },
    { upsert: true, soleWriter: true },
  );
}

/**
 * Writes in the background what a key counted in a period that has ended, once the flush of that
 * period under way (`after`) is over: two writes of one document at once could lose an $inc where
 * updates are not atomic.
 */
function writeEnded({ ctx, shared, key, period, count, after }: { ctx: AppContext; shared: SharedCount; key: string; period: Period; count: number; after?: Promise<void> }): void {
  const { endedWrites } = countsOf(ctx.store);
  const write: Promise<void> = (async () => {
    await after?.catch(() => undefined);
    await writeOwn({ ctx, shared, key, period, count });
  })()
    .catch((err: unknown) => log.error({ err }, 'Shared count flush failed'))
    .finally(() => endedWrites.delete(write));
  endedWrites.add(write);
}

/** Writes the tally's unwritten calls (unless `readOnly`) and takes every process's total of the period as stored. */
async function flushTally({ ctx, shared, key, tally, readOnly = false }: { ctx: AppContext; shared: SharedCount; key: string; tally: Tally; readOnly?: boolean }): Promise<void> {
  const { period } = tally;
  const count = readOnly ? 0 : tally.unwritten;
  Object.assign(tally, { unwritten: tally.unwritten - count, flushing: count, writtenAt: performance.now() });
  const flushing = async (): Promise<void> => {
    const [written, read] = await Promise.allSettled([
      count > 0 ? writeOwn({ ctx, shared, key, period, count }) : Promise.resolve(null),
      docs(ctx, shared).find(shared.fieldsOf(key, period)),
    ]);
    if (tally.period === period) tally.flushing = 0;
    if (written.status === 'rejected' && tally.period === period) tally.unwritten += count;
    if (read.status === 'fulfilled' && tally.period === period) {
      const own = ownId({ ctx, key, period });
      const mine = written.status === 'fulfilled' && written.value ? written.value.count : (read.value.find((doc) => doc._id === own)?.count ?? 0);
      tally.stored = read.value.reduce((sum, doc) => (doc._id === own ? sum : sum + doc.count), mine);
    }
    if (written.status === 'rejected') throw written.reason;
    if (read.status === 'rejected') throw read.reason;
  };
  tally.writing = flushing().finally(() => {
    tally.writing = undefined;
  });
  await tally.writing;
}

/** Forgets the keys with nothing unwritten of past periods, or all quiet ones when there are too many. */
function forgetQuiet({ tallies, period }: { tallies: Map<string, Tally>; period: Period }): void {
  const crowded = tallies.size > MAX_TALLIES;
  for (const [key, tally] of tallies) {
    if (tally.unwritten === 0 && !tally.writing && (crowded || tally.period !== period)) tallies.delete(key);
  }
}

/**
 * Adds `add` calls (0 only looks) to the key's count of the current period; answers the count as
 * this process knows it (every instance's as of the last flush, this process's own since).
 */
export async function addCount({ ctx, shared, key, add }: { ctx: AppContext; shared: SharedCount; key: string; add: number }): Promise<number> {
  const tallies = talliesOf(ctx.store, shared);
  const period = shared.periodOf(ctx.now());
  let tally = tallies.get(key);
  if (!tally) {
    if (tallies.size >= MAX_TALLIES) forgetQuiet({ tallies, period });
    tally = { period, stored: 0, unwritten: 0, flushing: 0 };
    tallies.set(key, tally);
  }
  if (tally.period !== period) {
    // The calls of the period that ended still count there (a month's total); the new one starts from the store.
    const ended = { period: tally.period, count: tally.unwritten, after: tally.writing };
    Object.assign(tally, { period, stored: 0, unwritten: 0, flushing: 0, writtenAt: undefined });
    if (ended.count > 0) writeEnded({ ctx, shared, key, ...ended });
  }
  tally.unwritten += add;
  if (tally.writing) return tally.stored + tally.flushing + tally.unwritten;
  // The first call of a key and period waits for the store's total (a read); the call's own count,
  // like every later flush, is written in the background, so no call waits for a write.
  if (tally.writtenAt === undefined) await flushTally({ ctx, shared, key, tally, readOnly: true });
  else if (performance.now() - tally.writtenAt >= FLUSH_MS) void flushTally({ ctx, shared, key, tally }).catch((err: unknown) => log.error({ err }, 'Shared count flush failed'));
  return tally.stored + tally.flushing + tally.unwritten;
}

/** Every process's written count of the key in the period (what the store says, for readers such as the dashboard). */
export async function storedCount({ ctx, shared, key, period }: { ctx: AppContext; shared: SharedCount; key: string; period: Period }): Promise<number> {
  const found = await docs(ctx, shared).find(shared.fieldsOf(key, period));
  return found.reduce((sum, doc) => sum + doc.count, 0);
}

/** Writes everything this process has counted and not yet written, of every count. */
export async function flushCounts({ ctx }: { ctx: AppContext }): Promise<void> {
  const { counts, endedWrites } = countsOf(ctx.store);
  await Promise.all(endedWrites);
  for (const { shared, tallies } of counts.values()) {
    await Promise.all([...tallies.values()].map((tally) => tally.writing));
    const period = shared.periodOf(ctx.now());
    const unwritten = [...tallies].filter(([, tally]) => tally.unwritten > 0);
    await Promise.all(
      unwritten.map(async ([key, tally]) => {
        if (tally.period === period) return flushTally({ ctx, shared, key, tally });
        const ended = { period: tally.period, count: tally.unwritten };
        tally.unwritten = 0;
        await writeOwn({ ctx, shared, key, ...ended });
      }),
    );
    forgetQuiet({ tallies, period });
  }
}

/** Deletes the documents of ended periods, for every count this process has used that declares them. */
export async function sweepCounts({ ctx }: { ctx: AppContext }): Promise<number> {
  let deleted = 0;
  for (const { shared } of countsOf(ctx.store).counts.values()) {
    if (shared.expired) deleted += await docs(ctx, shared).deleteMany(shared.expired(ctx.now()));
  }
  return deleted;
}

/** Background: flushes every FLUSH_MS (so the store's totals follow a burst's tail) and sweeps once a minute. */
export function startCountFlusher(ctx: AppContext): () => Promise<void> {
  let sweptAt = performance.now();
  const stopFlushing = startPeriodic({
    everyMs: FLUSH_MS,
    failed: 'Shared count flush failed',
    run: async () => {
      await flushCounts({ ctx });
      if (performance.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = performance.now();
        await sweepCounts({ ctx });
      }
    },
  });
  return async () => {
    await stopFlushing();
    // What was counted since the last run goes to the store before it closes.
    await flushCounts({ ctx }).catch((err: unknown) => log.error({ err }, 'Shared count flush failed'));
  };
}
