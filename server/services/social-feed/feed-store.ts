// A social feed's imported posts, kept in the store per widget (socialFeeds, by the widget's id) so
// that every instance answers the same ones: the feed address, the last good items, the last
// read's error for the owner, and when the schedule reads it next.
import type { AppContext } from '../../context';
import type { Collection, Doc, IndexSpec } from '../../storage/port';
import type { EmbedFeedItem } from '../../../generated/client/types.gen';
import { publishedSettingsOf } from '../widget-embed/settings-schemas';
import { createWake } from '../queue-wake';

export const SOCIAL_FEEDS = 'socialFeeds';
export const SOCIAL_FEED_TYPE = 'social-feed';

export interface SocialFeedDoc extends Doc {
  feedUrl: string;
  items: EmbedFeedItem[];
  fetchedAt?: string;
  error?: string;
  errorAt?: string;
  nextFetchAt: string;
  updated: string;
}

export const socialFeedIndexes: IndexSpec[] = [{ collection: SOCIAL_FEEDS, fields: { nextFetchAt: 1 } }];

export const socialFeeds = (ctx: AppContext): Collection<SocialFeedDoc> => ctx.store.collection<SocialFeedDoc>(SOCIAL_FEEDS);

/** Wakes this instance's refresher when a save makes a feed due (others find it on their next check). */
export const feedWake = createWake();

/** The feed address a widget's published settings read, or '' when its posts are its own. */
export function feedUrlOf({ type, settings }: { type: string; settings: unknown }): string {
  if (type !== SOCIAL_FEED_TYPE) return '';
  const published = publishedSettingsOf({ type, settings });
  return published.source === 'rss' && typeof published.feedUrl === 'string' ? published.feedUrl.trim() : '';
}

/**
 * After a save: a widget reading a feed has it read now (a new address starts with no items, not
 * the old feed's); one that reads none has nothing kept.
 */
export async function feedSettingsSaved({ ctx, widget }: { ctx: AppContext; widget: { _id: string; type: string; settings: unknown } }): Promise<void> {
  if (widget.type !== SOCIAL_FEED_TYPE) return;
  const feedUrl = feedUrlOf(widget);
  if (!feedUrl) {
    await socialFeeds(ctx).deleteOne({ _id: widget._id });
    return;
  }
  const now = ctx.now().toISOString();
  const kept = await socialFeeds(ctx).findOneAndUpdate({ _id: widget._id, feedUrl }, { $set: { nextFetchAt: now, updated: now } });
  if (!kept) {
    await socialFeeds(ctx).findOneAndUpdate(
      { _id: widget._id },
      { $set: { feedUrl, items: [], nextFetchAt: now, updated: now }, $unset: { fetchedAt: true, error: true, errorAt: true } },
      { upsert: true },
    );
  }
  feedWake.nudge();
}
