// A widget change through the generated client, then every widget list reloads.
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../../forms/call-api';
import type { SdkResult } from '../../../../../forms/resource/description';
import { refreshOperations } from '../../../components/resource/use-resource';

export const WIDGET_LISTS = ['listProjectWidgets', 'listSharedWidgets', 'listProjects', 'getProject'];

export function useWidgetCall() {
  const client = useQueryClient();
  return async <T>(request: Promise<SdkResult<T>>): Promise<T> => {
    const answer = await callApi(request);
    await refreshOperations(client, WIDGET_LISTS);
    return answer;
  };
}
