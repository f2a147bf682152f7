import type { GetEmbedWidgetData, GetEmbedWidgetResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { embedWidget } from '../../services/widget-embed/embed-widget';

/** Short enough that a saved change shows on sites within a minute; Express adds the ETag. */
export const EMBED_CACHE_CONTROL = 'public, max-age=60';

export const getEmbedWidget = handler<GetEmbedWidgetData, GetEmbedWidgetResponse>(async ({ ctx, path, res }) => {
  const data = await embedWidget({ ctx, guid: path.guid });
  res.set({ 'Cache-Control': EMBED_CACHE_CONTROL, 'Access-Control-Allow-Origin': '*' });
  return { data };
});
