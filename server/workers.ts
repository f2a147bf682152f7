// Background loops (webhook delivery, app-user job and outgoing mail queues, the expired-session sweep, the widget event fold, billing renewals, the shared counts' flush and the database usage prune, database imports, the change log's prune and live streams, scheduled backups, the social feeds' import). Each reads its work from the
// store, so any number of instances can run them side by side. Returns a stop function.
import type { AppContext } from './context';
import { startMailWorker } from './services/mail/mail-queue';
import { startWebhookWorker } from './services/webhooks/worker';
import { startSessionSweeper } from './services/sessions/session-store';
import { startAppUserJobWorker } from './services/app-users/jobs/worker';
import { startEventFoldWorker } from './services/widget-analytics/fold';
import { startRenewalWorker } from './services/billing/renewals/worker';
import { startCountFlusher } from './services/metering/shared-counts';
import { startUsagePruner } from './services/database/usage-versions';
import { startImportWorker } from './services/database/transfer/import-worker';
import { startLiveWorker } from './services/database/live/worker';
import { startBackupScheduler } from './backups/scheduled-backups';
import { startSocialFeedWorker } from './services/social-feed/worker';

/** Starts a worker; its stop ends new work at once and settles once the work under way is over. */
type Worker = (ctx: AppContext) => () => void | Promise<void>;

const workers: Worker[] = [
  startWebhookWorker,
  startAppUserJobWorker,
  startMailWorker,
  startSessionSweeper,
  startEventFoldWorker,
  startRenewalWorker,
  startCountFlusher,
  startUsagePruner,
  startImportWorker,
  startLiveWorker,
  startBackupScheduler,
  startSocialFeedWorker,
];

export function startWorkers(ctx: AppContext): () => Promise<void> {
  const stops = workers.map((start) => start(ctx));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
