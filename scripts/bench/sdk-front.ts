// A TCP front for the SDK bench, as a load balancer stands before instances: the SDK has one URL,
// and each connection the front takes goes to the first backend that accepts it (a killed
// instance refuses, so its clients reconnect to the next). `offline` cuts every connection and
// refuses new ones until `online`, as a page that lost its network; `onlineAt` tells when the
// first connection after it reached a backend.
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface Front {
  url: string;
  offline: () => void;
  online: () => void;
  /** performance.now() of the first connection passed to a backend after the last `online`. */
  firstAfterOnline: () => number | undefined;
  /** Connections passed to each backend so far, in the order of `backends`. */
  passed: () => number[];
  close: () => Promise<void>;
}

const portOf = (url: string): number => Number(new URL(url).port);

/** Pipes `client` to the first of `ports` that accepts, from `index` on; ends it when none does. */
function pipeTo({ client, ports, index, onPiped }: { client: Socket; ports: number[]; index: number; onPiped: (index: number) => void }): void {
  if (index >= ports.length) {
    client.destroy();
    return;
  }
  const upstream = connect({ port: ports[index], host: '127.0.0.1' });
  const refused = (): void => pipeTo({ client, ports, index: index + 1, onPiped });
  upstream.once('error', refused);
  upstream.once('connect', () => {
    upstream.off('error', refused);
    onPiped(index);
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', end).on('close', end);
    client.on('error', end).on('close', end);
  });
}

export async function startFront({ backends }: { backends: string[] }): Promise<Front> {
  const ports = backends.map(portOf);
  const open = new Set<Socket>();
  let cut = false;
  let onlineAt: number | undefined;
  let firstAfterOnline: number | undefined;
  const passed = ports.map(() => 0);
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    open.add(client);
    client.on('close', () => open.delete(client));
    // A client that sends nothing until the backend answers would otherwise error unhandled on a cut.
    client.on('error', () => client.destroy());
    pipeTo({
      client,
      ports,
      index: 0,
      onPiped: (index) => {
        passed[index] += 1;
        if (onlineAt !== undefined && firstAfterOnline === undefined) firstAfterOnline = performance.now();
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    offline: () => {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    online: () => {
      cut = false;
      onlineAt = performance.now();
      firstAfterOnline = undefined;
    },
    firstAfterOnline: () => firstAfterOnline,
    passed: () => [...passed],
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
