// In-process wake-up for the delivery worker, so a new event goes out without waiting for
// the next poll. Only a latency shortcut: the queue in the store stays the source of truth,
// and other instances pick the work up on their own poll.
const sleepers = new Set<() => void>();

export function nudgeWorkers(): void {
  for (const wake of sleepers) wake();
}

/** Resolves after `ms`, or earlier when nudged. */
export function sleepUntilNudged(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      sleepers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    sleepers.add(wake);
  });
}
