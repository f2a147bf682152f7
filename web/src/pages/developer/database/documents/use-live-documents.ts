// The Documents tab follows the collection live (docs/public-data-api.md, "Live changes"): an
// EventSource on the app's stream, subscribed to this collection with the owner's session (same
// origin, so the cookie goes along and no token is ever in a URL); each change reads the shown
// page again, at most twice a second, so new and changed rows appear without a reload. It says
// whether the tab is following (LiveBadge), since a table that never changes looks the same.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { setLiveSubscriptions } from '../../../../../../generated/client/sdk.gen';

const CHANGES = ['created', 'updated', 'deleted', 'reset'];
const REFRESH_AT_MOST_EVERY_MS = 500;

/** The generated keys are `[{ _id: operationId, path, query }]`. */
const isListOf =
  ({ appId, name }: { appId: string; name: string }) =>
  (query: Query): boolean => {
    const key = query.queryKey[0] as { _id?: string; path?: { appId?: string; name?: string } } | undefined;
    return key?._id === 'listDocuments' && key.path?.appId === appId && key.path.name === name;
  };

/** connecting: before the first subscription; live: subscribed; retrying: the stream dropped and the browser reconnects; off: no live changes. */
export type LiveState = 'connecting' | 'live' | 'retrying' | 'off';

export function useLiveDocuments({ appId, name }: { appId: string; name: string }): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>(typeof EventSource === 'undefined' ? 'off' : 'connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`/api/v1/data/${encodeURIComponent(appId)}/live`);
    source.addEventListener('error', () => setState(source.readyState === EventSource.CLOSED ? 'off' : 'retrying'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (): void => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ predicate: isListOf({ appId, name }) });
      }, REFRESH_AT_MOST_EVERY_MS);
    };
    // Each (re)connection is a new client: it subscribes again, and resumes by Last-Event-ID.
    source.addEventListener('connect', (event) => {
      const { clientId } = JSON.parse((event as MessageEvent<string>).data) as { clientId: string };
      void setLiveSubscriptions({ path: { appId }, body: { clientId, subscriptions: [{ collection: name }] } }).then(({ error }) => setState(error === undefined ? 'live' : 'off'));
    });
    for (const type of CHANGES) source.addEventListener(type, refresh);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [appId, name, queryClient]);
  return state;
}
