// Stops an HTTP server the way a rolling restart needs: no new connection is accepted, idle
// keep-alive connections are closed, and every answer from now on (those in flight included)
// carries `Connection: close`, so a client or proxy opens its next request elsewhere instead of
// sending it down a connection this instance is about to drop.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface GracefulClose {
  /** Settles once every connection has ended (the requests in flight answered). */
  close: () => Promise<void>;
}

/** Call at start-up, before requests arrive: it watches every request from then on. */
export function gracefulClose(server: Server): GracefulClose {
  const open = new Set<ServerResponse>();
  let closing = false;
  const closeAfter = (res: ServerResponse): void => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // Before the app's own listener, so the header is set before any answer is written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    if (!closing) return;
    closeAfter(res);
    // A connection whose answer had already begun is idle once it ends: close it then.
    res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  });
  let closed: Promise<void> | undefined;
  return {
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
        for (const res of open) {
          closeAfter(res);
          res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
        }
        server.closeIdleConnections();
      })),
  };
}
