// In-process wake-up for a queue's worker, so work accepted here starts without waiting for the
// next poll. Only a latency shortcut: the queue in the store stays the source of truth, and
// other instances pick the work up on their own poll. One per queue.
export interface Wake {
  nudge(): void;
  /** How many nudges so far: a worker reads it before it looks for work and hands it to `sleep`. */
  nudges(): number;
  /**
   * Resolves after `ms`, or earlier when nudged; at once when nudged since `seen`. A nudge that
   * came while the worker was looking (work queued, or its stop) found nobody asleep to wake.
   */
  sleep(ms: number, seen?: number): Promise<void>;
}

export function createWake(): Wake {
  const sleepers = new Set<() => void>();
  let count = 0;
  return {
    nudge: () => {
      count += 1;
      for (const wake of sleepers) wake();
    },
    nudges: () => count,
    sleep: (ms, seen = count) =>
      new Promise((resolve) => {
        if (seen !== count) return resolve();
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
