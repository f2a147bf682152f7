import type { GetEmbedPollResultsData, GetEmbedPollResultsResponse, GetEmbedWidgetData, GetEmbedWidgetResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { pageHost } from '../../services/widget-analytics/page-host';
import { embedWidget } from '../../services/widget-embed/embed-widget';
import { pollResults } from '../../services/widget-embed/poll-results';

/** Short enough that a saved change shows on sites within a minute; Express adds the ETag. */
export const EMBED_CACHE_CONTROL = 'public, max-age=60';
/** A few seconds: every visitor who votes reads the results, and the counts move about as slowly (the fold). */
export const POLL_RESULTS_CACHE_CONTROL = 'public, max-age=5';

export const getEmbedWidget = handler<GetEmbedWidgetData, GetEmbedWidgetResponse>(async ({ ctx, path, req, res }) => {
  // The answer depends on the page asking (its project's domain), so caches keep one per origin.
  res.set({ 'Access-Control-Allow-Origin': '*', Vary: 'Origin' });
  const data = await embedWidget({ ctx, guid: path.guid, pageHost: pageHost({ origin: req.get('origin'), referer: req.get('referer') }), serverHost: req.host });
  res.set({ 'Cache-Control': EMBED_CACHE_CONTROL });
  return { data };
});

export const getEmbedPollResults = handler<GetEmbedPollResultsData, GetEmbedPollResultsResponse>(async ({ ctx, path, res }) => {
  const data = await pollResults({ ctx, guid: path.guid });
  res.set({ 'Cache-Control': POLL_RESULTS_CACHE_CONTROL, 'Access-Control-Allow-Origin': '*' });
  return { data };
});
