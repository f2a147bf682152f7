// A background chore on a timer (a prune, a sweep, the event fold, the count flush): one run at a
// time, and a stop that settles once the run under way is over, so a server's stop does not close
// the store under it.
import { log } from '../observability/log';

export function startPeriodic({ everyMs, run, failed }: { everyMs: number; run: () => Promise<unknown>; failed: string }): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A run slower than the interval is not doubled: the next tick after it starts the next.
    if (running) return;
    running = run()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, failed),
      )
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
