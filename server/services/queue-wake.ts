// In-process wake-up for a queue's worker, so work accepted here starts without waiting for the
// next poll. Only a latency shortcut: the queue in the store stays the source of truth, and
// other instances pick the work up on their own poll. One per queue.
export interface Wake {
  nudge(): void;
  /** Resolves after `ms`, or earlier when nudged. */
  sleep(ms: number): Promise<void>;
}

export function createWake(): Wake {
  const sleepers = new Set<() => void>();
  return {
    nudge: () => {
      for (const wake of sleepers) wake();
    },
    sleep: (ms) =>
      new Promise((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        sleepers.add(wake);
      }),
  };
}
