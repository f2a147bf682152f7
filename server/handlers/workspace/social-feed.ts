import type { GetEmbedSocialFeedData, GetEmbedSocialFeedResponse, GetSocialFeedStatusData, GetSocialFeedStatusResponse } from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { embedSocialFeed, socialFeedStatus } from '../../services/social-feed/public-feed';
import { EMBED_CACHE_CONTROL } from './widget-embed';

export const getEmbedSocialFeed = handler<GetEmbedSocialFeedData, GetEmbedSocialFeedResponse>(async ({ ctx, path, res }) => {
  const data = await embedSocialFeed({ ctx, guid: path.guid });
  res.set({ 'Cache-Control': EMBED_CACHE_CONTROL, 'Access-Control-Allow-Origin': '*' });
  return { data };
});

export const getSocialFeedStatus = handler<GetSocialFeedStatusData, GetSocialFeedStatusResponse>(async ({ ctx, req, path }) => ({
  data: await socialFeedStatus({ ctx, userId: requireUserId(req), guid: path.guid }),
}));
