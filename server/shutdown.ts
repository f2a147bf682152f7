// What SIGTERM does (docs/backups-and-restarts.md, "Rolling restarts"): the instance stops taking
// requests and claiming work, finishes the requests in flight and the current attempt of each job,
// hands back the claims of attempts not over in time (they fall due at once for another instance
// instead of waiting for their lease to run out), closes the store and exits; past the hard
// timeout it exits anyway.
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from './context';
import { gracefulClose } from './http/graceful-close';
import { handBackLeases } from './services/held-leases';
import { log } from './observability/log';

/** Of the hard timeout, what is left for handing back the claims and closing the store. */
const WIND_UP_SHARE = 0.2;

export interface ShutdownInput {
  ctx: AppContext;
  server: Server;
  stopWorkers: () => Promise<void>;
  exit: (code: number) => void;
}

/** Call at start-up; answers the handler for the stop signals. A second signal exits at once. */
export function gracefulShutdown({ ctx, server, stopWorkers, exit }: ShutdownInput): () => void {
  const http = gracefulClose(server);
  let stopping = false;
  const timeoutMs = ctx.config.shutdownTimeoutMs;
  const windUp = async (): Promise<void> => {
    const started = performance.now();
    const drained = await Promise.race([Promise.all([http.close(), stopWorkers()]).then(() => true), sleep(timeoutMs * (1 - WIND_UP_SHARE), false, { ref: false })]);
    const handedBack = await handBackLeases({ store: ctx.store, now: ctx.now() });
    await ctx.store.close();
    log.info({ drained, handedBack, ms: Math.round(performance.now() - started) }, `Stopped${drained ? '' : ' with work still running'}; ${handedBack} claimed item(s) handed back`);
  };
  return () => {
    if (stopping) return exit(1);
    stopping = true;
    log.info({ timeoutMs }, 'Stopping: no new requests or claims; finishing what is under way');
    setTimeout(() => {
      log.warn({ timeoutMs }, 'Still stopping after the timeout: exiting anyway');
      exit(1);
    }, timeoutMs).unref();
    windUp().then(
      () => exit(0),
      (err: unknown) => {
        log.error({ err }, 'Stopping failed');
        exit(1);
      },
    );
  };
}
