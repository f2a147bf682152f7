// The access table of the system calls: liveness and readiness answer everyone (a load balancer
// has no session), /metrics only the holder of METRICS_TOKEN, whoever else asks.
import request from 'supertest';
import type { Response } from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { createMetrics } from '../../server/observability/metrics';
import { queueStates } from '../../server/observability/queues';
import { queueProbes } from '../../server/registry';
import type { AppContext } from '../../server/context';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const TOKEN = 'system-access-token-0123';
const IDENTITIES = ['anonymous', 'site owner', 'developer', 'metrics scraper'] as const;
type Identity = (typeof IDENTITIES)[number];

// prettier-ignore
const ROWS: [call: string, statuses: [number, number, number, number]][] = [
  ['GET /api/health',  [200, 200, 200, 200]],
  ['GET /api/ready',   [200, 200, 200, 200]],
  ['GET /metrics',     [401, 401, 401, 200]],
];

let t: TestApp;
let app: Express;
const agents = {} as Record<Identity, () => Agent>;

beforeAll(async () => {
  t = await createTestApp();
  const ctx: AppContext = { ...t.ctx, config: { ...t.ctx.config, metricsToken: TOKEN }, metrics: createMetrics({ queues: () => queueStates({ ctx: t.ctx, queues: queueProbes }) }) };
  app = createApp(ctx);
  const owner = (await signInAs({ app, ctx, email: 'owner@system.test', developer: false })).agent;
  const developer = (await signInAs({ app, ctx, email: 'developer@system.test' })).agent;
  agents.anonymous = () => request.agent(app);
  agents['site owner'] = () => owner;
  agents.developer = () => developer;
  agents['metrics scraper'] = () => request.agent(app).set('Authorization', `Bearer ${TOKEN}`);
});
afterAll(() => t.close());

const CELLS = ROWS.flatMap(([call, statuses]) => IDENTITIES.map((identity, i) => ({ call, identity, status: statuses[i] })));

describe('who may call the system endpoints', () => {
  it.each(CELLS)('$call as $identity answers $status', async ({ call, identity, status }) => {
    const path = call.split(' ')[1];
    const res: Response = await agents[identity]().get(path);
    expect(res.status).toBe(status);
  });
});
