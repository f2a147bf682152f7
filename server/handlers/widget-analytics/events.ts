import type { IngestWidgetEventsData, IngestWidgetEventsResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { ingestEvents } from '../../services/widget-analytics/ingest';
import { pageHost } from '../../services/widget-analytics/page-host';

export const ingestWidgetEvents = handler<IngestWidgetEventsData, IngestWidgetEventsResponse>(async ({ ctx, body, req }) => ({
  data: await ingestEvents({
    ctx,
    raw: body.events,
    sender: { address: req.ip ?? '', visitorId: body.visitorId, pageHost: pageHost({ origin: req.get('origin'), referer: req.get('referer') }), serverHost: req.host },
  }),
}));
