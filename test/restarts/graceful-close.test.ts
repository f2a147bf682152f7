// The parts of a graceful stop (issue 22 item 5) on their own: an HTTP server being closed answers
// the requests in flight on keep-alive connections with Connection: close and refuses new
// connections; claims still held when the wait is over are handed back, due at once, while claims
// already settled and other instances' claims are left alone.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gracefulClose } from '../../server/http/graceful-close';
import { handBackLeases, holdLease } from '../../server/services/held-leases';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { tempDir } from '../helpers/temp-dir';

const get = ({ port, agent }: { port: number; agent: Agent }): Promise<{ status: number; connection?: string }> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });

describe('closing the HTTP server gracefully', () => {
  it('answers the request in flight with Connection: close, then refuses new connections', async () => {
    let release = (): void => undefined;
    let arrived = (): void => undefined;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = createServer((_req, res) => {
      release = () => res.end('done');
      arrived();
    });
    const closing = gracefulClose(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    const inFlight = get({ port, agent });
    await reached;
    const closed = closing.close();
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await closed;
    await expect(get({ port, agent })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });
});

describe('handing back held claims', () => {
  it('makes the items of the claims still held due now, and leaves the rest', async () => {
    const store = await openSqliteStore({ path: join(tempDir('nindo-hand-back-'), 'n.sqlite') });
    try {
      const jobs = store.collection('jobs');
      const later = '2030-01-01T00:00:00.000Z';
      await jobs.insertMany([
        { _id: 'mine-running', leaseId: 'a', nextAttemptAt: later },
        { _id: 'mine-finished', leaseId: 'b', nextAttemptAt: later },
        { _id: 'other-instance', leaseId: 'c', nextAttemptAt: later },
      ]);
      holdLease({ store, lease: { collection: 'jobs', field: 'leaseId', leaseId: 'a' } });
      holdLease({ store, lease: { collection: 'jobs', field: 'leaseId', leaseId: 'b' } })();
      const now = new Date('2026-11-26T08:00:00.000Z');
      expect(await handBackLeases({ store, now })).toBe(1);
      expect(await jobs.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'mine-finished', leaseId: 'b', nextAttemptAt: later },
        { _id: 'mine-running', nextAttemptAt: now.toISOString() },
        { _id: 'other-instance', leaseId: 'c', nextAttemptAt: later },
      ]);
    } finally {
      await store.close();
    }
  });
});
