// The live changes' background part: the change log's prune, and at a stop the end of this
// instance's streams (their clients reconnect to another instance with Last-Event-ID).
import type { AppContext } from '../../../context';
import { startChangePruner } from './change-log';
import { closeHub } from './hub';

export function startLiveWorker(ctx: AppContext): () => Promise<void> {
  const stopPruner = startChangePruner(ctx);
  return async () => {
    closeHub({ store: ctx.store, reason: 'The server is stopping: reconnect' });
    await stopPruner();
  };
}
