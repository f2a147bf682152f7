// One widget of a list (limit 1): enough for the empty state (total), the caller's role, the
// type filter's choices, and the spec's "Could not load plugin list" toast when it fails.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { listProjectWidgetsOptions, listSharedWidgetsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { WIDGET_TEXTS } from './texts';

export function useWidgetSummary({ projectId }: { projectId?: string }) {
  const ofProject = useQuery({ ...listProjectWidgetsOptions({ path: { projectId: projectId ?? '' }, query: { limit: 1 } }), retry: false, enabled: Boolean(projectId) });
  const ofShared = useQuery({ ...listSharedWidgetsOptions({ query: { limit: 1 } }), retry: false, enabled: !projectId });
  const query = projectId ? ofProject : ofShared;
  useEffect(() => {
    if (query.error) toast.error(WIDGET_TEXTS.loadFailed);
  }, [query.error]);
  return query;
}

/** Whether anyone shared a widget with the user (the sidebar's Shared Widgets link). */
export function useHasSharedWidgets(): boolean {
  const { data } = useQuery({ ...listSharedWidgetsOptions({ query: { limit: 1 } }), retry: false });
  return (data?.data.total ?? 0) > 0;
}
