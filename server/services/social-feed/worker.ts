// The schedule of the feed import: every instance looks for due feeds each CHECK_MS (and at once
// when a save here made one due); the claim in refresh.ts lets one instance read each feed.
import type { AppContext } from '../../context';
import { log } from '../../observability/log';
import { feedWake } from './feed-store';
import { refreshDueFeeds } from './refresh';

const CHECK_MS = 60_000;

export function startSocialFeedWorker(ctx: AppContext): () => Promise<void> {
  let stopped = false;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const seen = feedWake.nudges();
      await refreshDueFeeds({ ctx }).catch((err: unknown) => log.error({ err }, 'Social feed refresh failed'));
      if (!stopped) await feedWake.sleep(CHECK_MS, seen);
    }
  };
  const running = loop();
  return async () => {
    stopped = true;
    feedWake.nudge();
    await running;
  };
}
