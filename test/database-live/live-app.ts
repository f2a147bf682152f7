// Each live test's app on a real port with small live limits, and a subscription POST.
import request from 'supertest';
import type { Test } from 'supertest';
import type { Server } from 'node:http';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import type { Config } from '../../server/config';
import { closeHub } from '../../server/services/database/live/hub';
import { listen } from './sse-client';

export const LIMITS = { maxConnectionsPerApp: 10, maxConnectionsPerAddress: 10, subscribeGraceMs: 30_000, maxBufferBytes: 64 * 1024, heartbeatMs: 300, retentionMs: 3_600_000, maxEntriesPerApp: 100_000, pollMs: 100, gapHoldMs: 1000, recheckMs: 200 };

/** Each test's app on a real port, its streams closed after it. */
export function liveApp(live: Partial<typeof LIMITS> = {}, config: Omit<Partial<Config>, 'live'> = {}): { t: TestApp; base: () => string } {
  let server: Server | undefined;
  let base = '';
  // Before the app's own hooks, so its streams end before its store closes.
  afterEach(async () => {
    closeHub({ store: t.ctx.store, reason: 'test over' });
    await new Promise((resolve) => server?.close(resolve));
  });
  const t = withTestApp({ config: { ...config, live: { ...LIMITS, ...live } } });
  beforeEach(async () => {
    ({ server, base } = await listen(t.app));
  });
  return { t, base: () => base };
}

/** A POST of subscriptions; `via` sends it as a caller (default: anonymous). */
export const subscribe = ({ t, appId, clientId, subscriptions, via }: { t: TestApp; appId: string; clientId: string; subscriptions: object[]; via?: (path: string) => Test }): Test => {
  const path = `/api/v1/data/${appId}/live`;
  return (via ?? ((p: string) => request(t.app).post(p)))(path).send({ clientId, subscriptions });
};

