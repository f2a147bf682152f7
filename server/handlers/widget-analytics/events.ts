import type { IngestWidgetEventsData, IngestWidgetEventsResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { ingestEvents } from '../../services/widget-analytics/ingest';
import { pageHost } from '../../services/widget-analytics/page-host';

export const ingestWidgetEvents = handler<IngestWidgetEventsData, IngestWidgetEventsResponse>(async ({ ctx, body, req }) => {
  try {
    const result = await ingestEvents({
      ctx,
      raw: body.events,
      sender: { address: req.ip ?? '', visitorId: body.visitorId, pageHost: pageHost({ origin: req.get('origin'), referer: req.get('referer') }), serverHost: req.host },
    });
    ctx.metrics?.countEvents({ ingested: result.accepted, refused: result.rejected.length });
    return { data: result };
  } catch (err) {
    // A batch refused whole (over a limit, from a fenced-out site) counts every event in it.
    ctx.metrics?.countEvents({ ingested: 0, refused: body.events.length });
    throw err;
  }
});
