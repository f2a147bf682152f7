// The live changes' background part: the change log's prune, and at a stop the end of this
// instance's streams (their clients reconnect to another instance with Last-Event-ID).
import type { AppContext } from '../../../context';
import { startChangePruner } from './change-log';
import { closeHub } from './hub';

export function startLiveWorker(ctx: AppContext): () => void {
  const stopPruner = startChangePruner(ctx);
  return () => {
    stopPruner();
    closeHub({ store: ctx.store, reason: 'The server is stopping: reconnect' });
  };
}
