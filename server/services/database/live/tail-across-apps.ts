// The change log read once per poll for every app this instance holds streams of, instead of once
// per app (docs/public-data-api.md, "Live changes"): one query across all apps, by `at` (the
// writer's clock) within its time bucket (model.ts, bucketOf), which tells which apps have entries
// past their feed's head; only those apps' feeds read their log (feed.ts, in seq order with the gap hold), so an idle instance costs one
// read per poll however many apps it holds streams of, and a busy one one more per app written to.
// The read starts RECENT_MS before the newest `at` it saw (or before now, when that is ahead), so
// an entry is read a few polls over, not OVERLAP_MS / pollMs times; every SWEEP_EVERY_MS the read
// instead starts OVERLAP_MS before now, so an entry stored late (a slow append, an engine whose
// reads lag) or by a writer whose clock is behind by less than OVERLAP_MS is still seen, within
// SWEEP_EVERY_MS. One behind by more goes out with the app's next entry seen, or once the feed
// reads for a gap or a stream waiting ahead of it.
import type { Feed } from './feed';
import { pollFeed } from './feed';
import { BUCKET_MS, bucketAt, bucketOf, changeLog } from './model';
import type { ChangeDoc } from './model';
import type { AppContext } from '../../../context';

/** How far back the sweep looks: the clock skew between instances and the append delay it covers. */
export const OVERLAP_MS = 5_000;
/** How far back before the newest entry seen every other poll looks: an append's usual delay. */
export const RECENT_MS = 500;
/** How often the poll sweeps the whole overlap instead: the longest a late entry waits. */
export const SWEEP_EVERY_MS = 2_500;
const PAGE = 1000;
/** Past this many pages in one poll the writes outrun the scan: every feed reads its own log this poll, as before. */
const MAX_PAGES = 5;

/** Per store, where this instance's reads stand: the newest `at` seen ('' before any) and when it last swept (performance.now()). */
interface Position {
  newestAt: string;
  sweptAt: number;
}
const positions = new WeakMap<object, Position>();

/**
 * The entries stored at `from` or later, oldest first, read bucket by bucket up to the one `now`
 * falls in (at most two: `from` is never more than OVERLAP_MS back), or undefined when there were
 * more than MAX_PAGES pages. An entry whose writer's clock is ahead, in a bucket after now's, is
 * read once this clock reaches that bucket.
 */
export async function entriesSince({ ctx, from, now }: { ctx: AppContext; from: string; now: number }): Promise<ChangeDoc[] | undefined> {
  const read: ChangeDoc[] = [];
  let since = from;
  let bucket = bucketOf(from);
  const nowBucket = bucketAt(now);
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const entries = await changeLog(ctx).find({ bucket, at: { $gte: since } }, { sort: { at: 1 }, limit: PAGE });
    read.push(...entries);
    const last = entries.at(-1)?.at;
    if (entries.length < PAGE) {
      if (bucket >= nowBucket) return read;
      bucket += 1;
    } else if (last === since || last === undefined) {
      // A whole page written in one millisecond: the next would read the same page.
      return undefined;
    } else {
      since = last;
    }
  }
  return undefined;
}

/** Newest seq seen per app from `from` on, or undefined when there were more than the scan reads. */
async function newestSeqs({ ctx, from, now, position }: { ctx: AppContext; from: string; now: number; position: Position }): Promise<Map<string, number> | undefined> {
  const entries = await entriesSince({ ctx, from, now });
  if (entries === undefined) return undefined;
  const newest = new Map<string, number>();
  for (const entry of entries) {
    newest.set(entry.appId, Math.max(entry.seq, newest.get(entry.appId) ?? 0));
    if (entry.at > position.newestAt) position.newestAt = entry.at;
  }
  return newest;
}

/**
 * Where this poll's read starts: the sweep's OVERLAP_MS before now, or else RECENT_MS before the
 * newest entry seen, where a writer whose clock is ahead cannot move it past now, and never before
 * the sweep's start, so entries of a burst before a quiet spell are not read on and on.
 */
function readFrom({ position, now }: { position: Position; now: number }): string {
  const sweep = now - OVERLAP_MS;
  // Timed by the process's steady clock: a step of the wall clock neither skips nor repeats sweeps.
  if (performance.now() - position.sweptAt >= SWEEP_EVERY_MS) {
    position.sweptAt = performance.now();
    return new Date(sweep).toISOString();
  }
  const newest = position.newestAt === '' ? now : Math.min(Date.parse(position.newestAt), now);
  // An append's usual delay into this bucket, the last one's entries are in: from then on only the
  // sweep reads back into it, so an idle poll is one read, not two for the 5 s after a write near an edge.
  const bucketStart = bucketAt(now) * BUCKET_MS;
  const settled = now - bucketStart >= RECENT_MS ? bucketStart : sweep;
  return new Date(Math.max(newest - RECENT_MS, sweep, settled)).toISOString();
}

/** A feed that must read its own log whatever the window shows: it holds at a gap, or a stream resumed ahead of it waits. */
const waitsOnStore = (feed: Feed): boolean => feed.position.gap !== undefined || [...feed.connections].some((connection) => connection.cursor > feed.position.head);

/** One poll of the log for every feed of this instance: the feeds with entries past their head read them. */
export async function tailAcrossApps({ ctx, feeds, now }: { ctx: AppContext; feeds: Feed[]; now: number }): Promise<void> {
  if (feeds.length === 0) return;
  let position = positions.get(ctx.store);
  if (!position) {
    position = { newestAt: '', sweptAt: -Infinity };
    positions.set(ctx.store, position);
  }
  const newest = await newestSeqs({ ctx, from: readFrom({ position, now }), now, position });
  const behind = feeds.filter((feed) => newest === undefined || (newest.get(feed.appId) ?? 0) > feed.position.head || waitsOnStore(feed));
  await Promise.all(behind.map(pollFeed));
}
