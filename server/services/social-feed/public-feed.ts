// What the embed runtime and the owner read of a social feed's import.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import type { EmbedSocialFeed, SocialFeedStatus } from '../../../generated/client/types.gen';
import { widgets } from '../workspace/model';
import { getWidget } from '../workspace/widgets/widgets';
import { feedUrlOf, socialFeeds } from './feed-store';

export const NOT_A_FEED = 'This widget does not import a feed';

export async function embedSocialFeed({ ctx, guid }: { ctx: AppContext; guid: string }): Promise<EmbedSocialFeed> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  const feedUrl = feedUrlOf(widget);
  if (!feedUrl) throw new NotFoundError(NOT_A_FEED);
  const feed = await socialFeeds(ctx).findOne({ _id: guid, feedUrl });
  return { guid, items: feed?.items ?? [], ...(feed?.fetchedAt ? { fetchedAt: feed.fetchedAt } : {}) };
}

/** For anyone who reaches the widget (getWidget answers 404 otherwise). */
export async function socialFeedStatus({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<SocialFeedStatus> {
  const { widget } = await getWidget({ ctx, userId, guid });
  const feedUrl = feedUrlOf(widget);
  if (!feedUrl) throw new NotFoundError(NOT_A_FEED);
  const feed = await socialFeeds(ctx).findOne({ _id: guid, feedUrl });
  const { items = [], fetchedAt, error, errorAt, nextFetchAt } = feed ?? {};
  return { guid, feedUrl, itemCount: items.length, ...(fetchedAt ? { fetchedAt } : {}), ...(error ? { error, errorAt } : {}), ...(nextFetchAt ? { nextFetchAt } : {}) };
}
