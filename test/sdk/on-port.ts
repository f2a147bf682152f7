// The app on a real port for the SDK's tests, and a network drop as a browser or a phone meets it:
// the port stops accepting and every open connection is cut, then it listens again on the same port.
import type { Express } from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface OnPort {
  /** Listens on `at` (0: a free port, kept for the next listen). */
  listenOn: (at?: number) => Promise<void>;
  dropEverything: () => Promise<void>;
  /** Cuts every connection and stops listening (after each test). */
  close: () => Promise<void>;
  port: () => number;
  /** Every request the port took since the last clear. */
  requests: IncomingMessage[];
}

export function onPort(app: () => Express): OnPort {
  let server: Server | undefined;
  let port = 0;
  const sockets = new Set<Socket>();
  const requests: IncomingMessage[] = [];
  const dropEverything = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    listenOn: (at = port) =>
      new Promise((resolve) => {
        const listening = app().listen(at, '127.0.0.1', () => {
          port = (listening.address() as AddressInfo).port;
          resolve();
        });
        listening.on('connection', (socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
        });
        listening.on('request', (req: IncomingMessage) => requests.push(req));
        server = listening;
      }),
    dropEverything,
    close: dropEverything,
    port: () => port,
    requests,
  };
}
