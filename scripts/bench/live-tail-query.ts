// The live tail's one query per poll, before and after narrowing (tail-across-apps.ts), run
// against a change log of APPS apps written at a steady rate: how many entries each poll reads and
// how long it takes. The old read took every entry of the last 5 s by a range on `at` (1,000 a
// page, at most 5 pages), which FerretDB 1.x answers by reading the whole log; the new one is the
// product's own (entriesSince: by time bucket, an equality FerretDB pushes down), from 500 ms
// before the newest entry seen, and every 2.5 s the 5 s sweep (its mean per poll is weighted by
// how often each runs).
import { randomUUID } from 'node:crypto';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';
import { bucketOf, changeId, changeLog } from '../../server/services/database/live/model';
import type { ChangeDoc } from '../../server/services/database/live/model';
import { entriesSince, OVERLAP_MS, RECENT_MS, SWEEP_EVERY_MS } from '../../server/services/database/live/tail-across-apps';
import type { AppContext } from '../../server/context';

const APPS = 100;
const POLL_MS = 200;
const ROUNDS = 5;
const PAGE = 1000;
const MAX_PAGES = 5;

/** The old poll's paged read of `{at >= from}`: entries read. */
async function readByRange({ ctx, from }: { ctx: AppContext; from: string }): Promise<number> {
  let [since, read] = [from, 0];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const entries = await changeLog(ctx).find({ at: { $gte: since } }, { sort: { at: 1 }, limit: PAGE });
    read += entries.length;
    if (entries.length < PAGE) break;
    since = entries[entries.length - 1].at;
  }
  return read;
}

/** The product's read (entriesSince): entries read, every entry past the pages counted as not read. */
async function readByBucket({ ctx, from, now }: { ctx: AppContext; from: string; now: number }): Promise<number> {
  return (await entriesSince({ ctx, from, now }))?.length ?? PAGE * MAX_PAGES;
}

async function timed(read: () => Promise<number>): Promise<{ entries: number; ms: number }> {
  const runs: { entries: number; ms: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const entries = await read();
    runs.push({ entries, ms: performance.now() - started });
  }
  return { entries: runs[0].entries, ms: median(runs.map((run) => run.ms)) };
}

/** `perSecond` entries a second across APPS apps over the last `seconds` (and `older` entries an hour back, the rest of the retained log). */
async function seedLog({ ctx, perSecond, seconds, older }: { ctx: AppContext; perSecond: number; seconds: number; older: number }): Promise<number> {
  const now = Date.now();
  const appIds = Array.from({ length: APPS }, () => randomUUID());
  const seqs = new Map<string, number>();
  const entry = (at: number, n: number): ChangeDoc => {
    const appId = appIds[n % APPS];
    const seq = (seqs.get(appId) ?? 0) + 1;
    seqs.set(appId, seq);
    return { _id: changeId({ appId, seq }), appId, seq, type: 'created', collectionId: 'c', collection: 'notes', docId: String(n), doc: { _id: String(n), title: `Note ${n}` }, at: new Date(at).toISOString(), bucket: bucketOf(new Date(at).toISOString()) };
  };
  const docs = [
    ...Array.from({ length: older }, (_, n) => entry(now - 3600_000 + n, n)),
    ...Array.from({ length: perSecond * seconds }, (_, n) => entry(now - seconds * 1000 + (n * 1000) / perSecond, older + n)),
  ];
  for (let start = 0; start < docs.length; start += 1000) await changeLog(ctx).insertMany(docs.slice(start, start + 1000));
  return now;
}

export async function tailQueryRows({ ctx, perSecond, older, setting }: { ctx: AppContext; perSecond: number; older: number; setting: string }): Promise<BenchRow[]> {
  const now = await seedLog({ ctx, perSecond, seconds: OVERLAP_MS / 1000 + 1, older });
  const before = await timed(() => readByRange({ ctx, from: new Date(now - OVERLAP_MS).toISOString() }));
  const sweep = await timed(() => readByBucket({ ctx, from: new Date(now - OVERLAP_MS).toISOString(), now }));
  const recent = await timed(() => readByBucket({ ctx, from: new Date(now - RECENT_MS).toISOString(), now }));
  const sweepShare = POLL_MS / SWEEP_EVERY_MS;
  const mean = (pick: (run: { entries: number; ms: number }) => number): number => sweepShare * pick(sweep) + (1 - sweepShare) * pick(recent);
  const where = `${APPS} apps writing ${perSecond} entries/s in all (and ${older.toLocaleString('en-US')} older entries in the log); ${setting}`;
  return [
    { name: 'live tail entries/poll, before', measures: `entries one poll's query read, the last ${OVERLAP_MS / 1000} s each poll; ${where}`, value: before.entries, unit: 'entries' },
    { name: 'live tail entries/poll, now', measures: `mean entries per poll: ${RECENT_MS} ms before the newest seen, the ${OVERLAP_MS / 1000} s sweep every ${SWEEP_EVERY_MS / 1000} s`, value: mean((run) => run.entries), unit: 'entries', floor: before.entries, target: { atMost: before.entries / 2 } },
    { name: 'live tail ms/poll, before', measures: `median time of one poll's query (${ROUNDS} runs), the last ${OVERLAP_MS / 1000} s`, value: before.ms, unit: 'ms' },
    { name: 'live tail ms/poll, now', measures: `mean time per poll: the recent read's median and the sweep's, weighted as they run`, value: mean((run) => run.ms), unit: 'ms', floor: before.ms, target: { atMost: before.ms / 10 } },
  ];
}
