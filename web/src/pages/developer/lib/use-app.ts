// The current app and its save call with the spec's toasts ('Saving changes...',
// 'Great success!', 'Could not save changes').
import { useQuery } from '@tanstack/react-query';
import { getAppOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { updateApp } from '../../../../../generated/client/sdk.gen';
import type { AppUpdateInput, UpdateAppResponse } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import type { FormToasts } from '../../../../../forms/SchemaForm';
import { TEXTS } from '../texts';
import { refresh } from './queries';

export function useApp(appId: string) {
  return useQuery(getAppOptions({ path: { appId } }));
}

export const SAVE_TOASTS: FormToasts = { pending: TEXTS.saving, success: TEXTS.saved, error: TEXTS.saveFailed };

/** Saves app changes and refreshes every view of the app (switcher, lists, dashboard). */
export async function saveApp({ appId, body }: { appId: string; body: AppUpdateInput }): Promise<UpdateAppResponse> {
  const result = await callApi(updateApp({ path: { appId }, body }));
  await refresh('getApp', 'listApps', 'listPublicApps');
  return result;
}
