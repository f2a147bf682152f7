// The analytics screen's two calls for the chosen range; it loads again when the range changes
// (spec 003 section 4). A failure shows the server's message, or 'Could not load plugin analytics',
// as a top toast for 5 s.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getWidgetClientAnalyticsOptions, getWidgetEngagementAnalyticsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { AnalyticsBreakdown } from '../../../../../generated/client/types.gen';
import { ANALYTICS_MESSAGES, ANALYTICS_TOAST_MS, toAnalyticsDate } from '../../../../../rules/widget-analytics';
import type { DayRange } from '../../../../../rules/widget-analytics';

const messageOf = (error: unknown): string => {
  const message = typeof error === 'object' && error !== null && 'message' in error ? (error as { message: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : ANALYTICS_MESSAGES.couldNotLoadPlugin;
};

export function useWidgetAnalytics({ guid, range, breakdown }: { guid: string; range: DayRange; breakdown: AnalyticsBreakdown | undefined }) {
  const options = { path: { id: guid }, query: { fromDate: toAnalyticsDate(range.from), toDate: toAnalyticsDate(range.to), breakdown } };
  const client = useQuery({ ...getWidgetClientAnalyticsOptions(options), enabled: guid !== '' });
  const engagement = useQuery({ ...getWidgetEngagementAnalyticsOptions(options), enabled: guid !== '' });
  const error = client.error ?? engagement.error;
  useEffect(() => {
    if (error) toast.error(messageOf(error), { duration: ANALYTICS_TOAST_MS, id: 'widget-analytics' });
  }, [error]);
  return { client: client.data?.data, engagement: engagement.data?.data, failed: Boolean(error), loading: client.isPending || engagement.isPending };
}
