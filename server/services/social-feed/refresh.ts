// Reading the feeds that are due. A feed is claimed by moving its next read REFRESH_EVERY_MS
// ahead in one atomic update, so of several instances exactly one reads it; a read that fails
// keeps the last good items and stores its error for the owner.
import type { AppContext } from '../../context';
import { widgets } from '../workspace/model';
import { log } from '../../observability/log';
import { FETCH_LIMITS, fetchFeed } from './fetch-feed';
import type { FetchLimits } from './fetch-feed';
import { FeedError, parseFeed } from './parse-feed';
import { feedUrlOf, socialFeeds } from './feed-store';
import type { SocialFeedDoc } from './feed-store';

export const REFRESH_EVERY_MS = 30 * 60_000;
/** Feeds read side by side by one instance at most. */
const BATCH = 4;

async function claimDue(ctx: AppContext): Promise<SocialFeedDoc | null> {
  const now = ctx.now();
  return socialFeeds(ctx).findOneAndUpdate({ nextFetchAt: { $lte: now.toISOString() } }, { $set: { nextFetchAt: new Date(now.getTime() + REFRESH_EVERY_MS).toISOString() } });
}

/** Reads one claimed feed and stores its items, or its error beside the last good items. */
async function refreshFeed({ ctx, feed, limits }: { ctx: AppContext; feed: SocialFeedDoc; limits: FetchLimits }): Promise<void> {
  const widget = await widgets(ctx).findOne({ _id: feed._id });
  // A widget deleted, or no longer reading this address, keeps no feed.
  if (!widget || feedUrlOf(widget) !== feed.feedUrl) {
    await socialFeeds(ctx).deleteOne({ _id: feed._id, feedUrl: feed.feedUrl });
    return;
  }
  const at = ctx.now().toISOString();
  try {
    const xml = await fetchFeed({ url: feed.feedUrl, allowPrivate: ctx.config.webhooksAllowPrivate, limits });
    const items = parseFeed({ xml, base: feed.feedUrl });
    await socialFeeds(ctx).updateOne({ _id: feed._id, feedUrl: feed.feedUrl }, { $set: { items, fetchedAt: at, updated: at }, $unset: { error: true, errorAt: true } });
  } catch (err) {
    if (!(err instanceof FeedError)) log.error({ err, widgetId: feed._id }, 'Social feed read failed');
    const error = err instanceof FeedError ? err.message : 'The feed could not be read';
    await socialFeeds(ctx).updateOne({ _id: feed._id, feedUrl: feed.feedUrl }, { $set: { error, errorAt: at, updated: at } });
  }
}

/** Reads every feed due now, BATCH at a time; answers how many were read. */
export async function refreshDueFeeds({ ctx, limits = FETCH_LIMITS }: { ctx: AppContext; limits?: FetchLimits }): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed: SocialFeedDoc[] = [];
    while (claimed.length < BATCH) {
      const feed = await claimDue(ctx);
      if (!feed) break;
      claimed.push(feed);
    }
    if (claimed.length === 0) return total;
    await Promise.all(claimed.map((feed) => refreshFeed({ ctx, feed, limits })));
    total += claimed.length;
  }
}
