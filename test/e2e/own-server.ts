// A scenario's own server (another document's build, the probe copy) once it answers.
import type { OwnServer } from './scenario';
import type { startServer } from '../helpers/server-process';
import { stopServer, waitForHealth } from '../helpers/server-process';

/**
 * Waits for /api/health; stopping the server also removes its temporary folder, and a server
 * that never becomes healthy is stopped and removed before the error goes on.
 */
export async function healthyOwnServer({ server, remove, timeoutMs }: { server: ReturnType<typeof startServer>; remove: () => void; timeoutMs: number }): Promise<OwnServer> {
  const stop = async (): Promise<void> => {
    await stopServer(server);
    remove();
  };
  await waitForHealth({ server, timeoutMs }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { baseUrl: server.baseUrl, stop };
}
