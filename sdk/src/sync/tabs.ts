// Tabs of one browser sharing a local copy: one replays the queue at a time (Web Locks), and each
// tells the others which collection it changed (BroadcastChannel) so their views update offline
// too. A copy no one shares (memory) has only this client's own turn-taking.
export interface Tabs {
  /** Runs `work` while no other replay of this copy runs, in this tab or another. */
  exclusive: (work: () => Promise<void>) => Promise<void>;
  announce: (collection: string) => void;
  close: () => void;
}

export function tabsOf({ shared, onChanged }: { shared?: string; onChanged: (collection: string) => void }): Tabs {
  let turn: Promise<void> = Promise.resolve();
  const locks = shared && typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const channel = shared && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`nindo-sync:${shared}`) : undefined;
  if (channel) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { collection?: unknown } | null;
      if (typeof data?.collection === 'string') onChanged(data.collection);
    };
  }
  return {
    exclusive: (work) => {
      const guarded = locks ? () => locks.request(`nindo-sync:${shared}`, work) : work;
      turn = turn.then(guarded, guarded);
      return turn;
    },
    announce: (collection) => channel?.postMessage({ collection }),
    close: () => channel?.close(),
  };
}
