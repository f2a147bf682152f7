import type {
  GetWidgetClientAnalyticsData,
  GetWidgetClientAnalyticsResponse,
  GetWidgetEngagementAnalyticsData,
  GetWidgetEngagementAnalyticsResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { clientAnalytics, engagementAnalytics } from '../../services/widget-analytics/report';

export const getWidgetClientAnalytics = handler<GetWidgetClientAnalyticsData, GetWidgetClientAnalyticsResponse>(async ({ ctx, req, path, query }) => ({
  data: await clientAnalytics({ ctx, userId: requireUserId(req), guid: path.id, query: query ?? {} }),
}));

export const getWidgetEngagementAnalytics = handler<GetWidgetEngagementAnalyticsData, GetWidgetEngagementAnalyticsResponse>(
  async ({ ctx, req, path, query }) => ({
    data: await engagementAnalytics({ ctx, userId: requireUserId(req), guid: path.id, query: query ?? {} }),
  }),
);
