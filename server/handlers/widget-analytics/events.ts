import type { IngestWidgetEventsData, IngestWidgetEventsResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { ingestEvents } from '../../services/widget-analytics/ingest';

export const ingestWidgetEvents = handler<IngestWidgetEventsData, IngestWidgetEventsResponse>(async ({ ctx, body, req }) => ({
  data: await ingestEvents({ ctx, raw: body.events, address: req.ip ?? '' }),
}));
