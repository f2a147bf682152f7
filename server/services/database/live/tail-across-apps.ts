// The change log read once per poll for every app this instance holds streams of, instead of once
// per app (docs/public-data-api.md, "Live changes"): one query of the entries written in the last
// OVERLAP_MS across all apps, by `at` (the writer's clock), which tells which apps have entries past
// their feed's head; only those apps' feeds read their log (feed.ts, in seq order with the gap hold),
// so an idle instance costs one read per poll however many apps it holds streams of, and a busy one
// one more per app written to. The window is re-read each poll, so an entry stored late (a slow
// append, an engine whose reads lag) or by a writer whose clock is behind by less than OVERLAP_MS is
// still seen; one behind by more goes out with the app's next entry seen, or once the feed reads
// for a gap or a stream waiting ahead of it.
import type { Feed } from './feed';
import { pollFeed } from './feed';
import { changeLog } from './model';
import type { AppContext } from '../../../context';

/** How far back each poll looks: the clock skew between instances and the append delay it covers. */
export const OVERLAP_MS = 5_000;
const PAGE = 1000;
/** Past this many pages in one poll the writes outrun the scan: every feed reads its own log this poll, as before. */
const MAX_PAGES = 5;

/** Newest seq seen per app in the window, or undefined when the window held more than the scan reads. */
async function newestSeqs({ ctx, from }: { ctx: AppContext; from: string }): Promise<Map<string, number> | undefined> {
  const newest = new Map<string, number>();
  let since = from;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const entries = await changeLog(ctx).find({ at: { $gte: since } }, { sort: { at: 1 }, limit: PAGE });
    for (const entry of entries) newest.set(entry.appId, Math.max(entry.seq, newest.get(entry.appId) ?? 0));
    if (entries.length < PAGE) return newest;
    const last = entries[entries.length - 1].at;
    // A whole page written in one millisecond: the next would read the same page.
    if (last === since) return undefined;
    since = last;
  }
  return undefined;
}

/** A feed that must read its own log whatever the window shows: it holds at a gap, or a stream resumed ahead of it waits. */
const waitsOnStore = (feed: Feed): boolean => feed.position.gap !== undefined || [...feed.connections].some((connection) => connection.cursor > feed.position.head);

/** One poll of the log for every feed of this instance: the feeds with entries past their head read them. */
export async function tailAcrossApps({ ctx, feeds, now }: { ctx: AppContext; feeds: Feed[]; now: number }): Promise<void> {
  if (feeds.length === 0) return;
  const newest = await newestSeqs({ ctx, from: new Date(now - OVERLAP_MS).toISOString() });
  const behind = feeds.filter((feed) => newest === undefined || (newest.get(feed.appId) ?? 0) > feed.position.head || waitsOnStore(feed));
  await Promise.all(behind.map(pollFeed));
}
