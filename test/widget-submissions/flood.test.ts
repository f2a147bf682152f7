// Hostile input: 10,000 posts of one form from addresses of one IPv6 /64. The first few are
// stored, the rest refused with 429, and /api/health stays fast throughout (the server is not held).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { withTestApp } from '../helpers/test-app';
import { calmestOf, healthWhile, HEALTHY_MS } from '../helpers/health-while';
import { widgets } from '../../server/services/workspace/model';
import { submissions } from '../../server/services/widget-submissions/model';
import { SUBMISSION_LIMITS } from '../../server/services/widget-submissions/limits';

const t = withTestApp({ config: { trustProxy: true }, scope: 'file' });
const POSTS = 10_000;
const AT_ONCE = 25;

let server: Server;
let base: string;
beforeAll(() => {
  server = t.app.listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it(`refuses ${POSTS.toLocaleString('en-US')} posts from one /64 past its limit while GET /api/health stays under ${HEALTHY_MS} ms`, async () => {
  const now = t.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: 'nobody', projectId: null, name: 'Flooded', type: 'contact-form', settings: { consentText: '' }, views: 0, created: now, updated: now });
  const statuses = new Map<number, number>();
  let sent = 0;
  const body = JSON.stringify({ values: { Name: 'Bot', Email: 'bot@example.com', Message: 'x'.repeat(2000) } });
  const worker = async () => {
    while (sent < POSTS) {
      sent += 1;
      const res = await fetch(`${base}/api/v1/embed/widget/${guid}/submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': `2001:db8:aa:bb:${(sent % 65536).toString(16)}::${sent.toString(16)}` },
        body,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const flood = Promise.all(Array.from({ length: AT_ONCE }, worker));
  const calm = await calmestOf(() => healthWhile({ base, pending: flood }));
  await flood;
  expect(calm).toBeLessThan(HEALTHY_MS);
  expect(statuses.get(201)).toBe(SUBMISSION_LIMITS.perAddressPerMinute);
  expect(statuses.get(429)).toBe(POSTS - SUBMISSION_LIMITS.perAddressPerMinute);
  expect(await submissions(t.ctx).count({ widgetId: guid })).toBe(SUBMISSION_LIMITS.perAddressPerMinute);
}, 180_000);
