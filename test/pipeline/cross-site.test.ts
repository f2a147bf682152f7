import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { CROSS_SITE_REFUSED } from '../../server/http/cross-site';

const EVIL = 'http://evil.example';
const FORM = 'application/x-www-form-urlencoded';

interface Scenario {
  method: 'get' | 'post' | 'put' | 'delete';
  /** ':app' is replaced by the id of an app the signed-in developer owns. */
  path: string;
  headers: Record<string, string>;
  /** An object is sent as JSON unless a Content-Type header says otherwise. */
  body?: string | Record<string, unknown>;
  status: number;
}

const send = ({ agent, appId, scenario }: { agent: Agent; appId: string; scenario: Scenario }) => {
  let req = agent[scenario.method](scenario.path.replace(':app', appId));
  for (const [name, value] of Object.entries(scenario.headers)) req = req.set(name, value);
  return scenario.body === undefined ? req : req.send(scenario.body);
};

describe('state changes from other sites', () => {
  const t = withTestApp();

  it.each<[string, Scenario]>([
    ['Sec-Fetch-Site cross-site, JSON body', { method: 'post', path: '/integrations/developer/apps', headers: { 'Sec-Fetch-Site': 'cross-site', Origin: EVIL }, body: { name: 'Other App' }, status: 403 }],
    ['foreign Origin, no Sec-Fetch-Site', { method: 'post', path: '/integrations/developer/apps', headers: { Origin: EVIL }, body: { name: 'Other App' }, status: 403 }],
    ['foreign Origin, urlencoded form', { method: 'post', path: '/integrations/developer/apps', headers: { Origin: EVIL, 'Content-Type': FORM }, body: 'name=X', status: 403 }],
    ['foreign Origin, empty-body DELETE', { method: 'delete', path: '/integrations/developer/apps/:app', headers: { Origin: EVIL }, status: 403 }],
    ['foreign Origin, empty form POST to a no-body operation', { method: 'post', path: '/api/user/logout', headers: { Origin: EVIL, 'Content-Type': FORM }, status: 403 }],
    ['Origin null (sandboxed frame)', { method: 'put', path: '/integrations/developer/apps/:app', headers: { Origin: 'null' }, body: { name: 'Other App' }, status: 403 }],
    ['same-site sibling with its own Origin', { method: 'post', path: '/integrations/developer/apps', headers: { 'Sec-Fetch-Site': 'same-site', Origin: 'http://user-content.localhost:3000' }, body: { name: 'Other App' }, status: 403 }],
    ['same-origin', { method: 'post', path: '/integrations/developer/apps', headers: { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:3000' }, body: { name: 'Other App' }, status: 201 }],
    ['Origin is PUBLIC_URL', { method: 'post', path: '/integrations/developer/apps', headers: { Origin: 'http://localhost:3000' }, body: { name: 'Other App' }, status: 201 }],
    ['Origin is PUBLIC_URL spelled otherwise', { method: 'post', path: '/integrations/developer/apps', headers: { Origin: 'HTTP://LOCALHOST:3000' }, body: { name: 'Other App' }, status: 201 }],
    ['Origin is the request host', { method: 'post', path: '/integrations/developer/apps', headers: { Host: 'nindo.test:8080', Origin: 'http://nindo.test:8080' }, body: { name: 'Other App' }, status: 201 }],
    ['Sec-Fetch-Site none (typed by the user)', { method: 'post', path: '/integrations/developer/apps', headers: { 'Sec-Fetch-Site': 'none' }, body: { name: 'Other App' }, status: 201 }],
    ['neither header (curl, servers)', { method: 'delete', path: '/integrations/developer/apps/:app', headers: {}, status: 200 }],
    ['foreign Origin on a safe method', { method: 'get', path: '/integrations/developer/apps/:app', headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }, status: 200 }],
    ['foreign Origin on the OAuth token exchange', { method: 'post', path: '/integrations/oauth/token', headers: { Origin: EVIL }, body: { code: 'x', appId: 'x', appSecret: 'x' }, status: 401 }],
  ])('%s', async (_label, scenario) => {
    const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'dev@example.com' });
    const appId = await createAppAs({ agent });
    const res = await send({ agent, appId, scenario });
    expect(res.status).toBe(scenario.status);
    if (scenario.status === 403) expect(res.body).toEqual({ success: false, data: null, message: CROSS_SITE_REFUSED, requestId: expect.any(String) });
  });
});

describe('state changes from other sites behind a proxy (TRUST_PROXY)', () => {
  const t = withTestApp({ config: { trustProxy: true, publicUrl: 'https://nindo.example.com' } });

  it.each([
    ['the forwarded origin', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'nindo.example.com', Origin: 'https://nindo.example.com' }, 200],
    ['PUBLIC_URL without forwarded headers', { Origin: 'https://nindo.example.com' }, 200],
    ['the plain-http twin of the forwarded origin', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'nindo.example.com', Origin: 'http://nindo.example.com' }, 403],
    ['a foreign origin', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'nindo.example.com', Origin: EVIL }, 403],
  ])('%s', async (_label, headers, status) => {
    const res = await request(t.app).post('/api/user/logout').set(headers);
    expect(res.status).toBe(status);
  });
});

describe('request bodies in the declared media types only', () => {
  const t = withTestApp();

  it.each<[string, Scenario, string | null]>([
    ['urlencoded body on a required JSON body', { method: 'post', path: '/api/user/login', headers: { 'Content-Type': FORM }, body: 'username=a@b.c&password=secret1', status: 415 }, 'application/json'],
    ['text/plain body on a required JSON body', { method: 'post', path: '/api/user/login', headers: { 'Content-Type': 'text/plain' }, body: '{"username":"a@b.c"}', status: 415 }, 'application/json'],
    ['empty urlencoded body on an optional JSON body', { method: 'post', path: '/api/apps/:app/install/deny', headers: { 'Content-Type': FORM }, status: 415 }, 'application/json'],
    ['text/plain body on an optional JSON body', { method: 'post', path: '/api/apps/:app/install', headers: { 'Content-Type': 'text/plain' }, body: 'x', status: 415 }, 'application/json'],
    ['multipart body on a JSON body', { method: 'put', path: '/integrations/developer/apps/:app', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--', status: 415 }, 'application/json'],
    ['JSON with a charset', { method: 'put', path: '/integrations/developer/apps/:app', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"name":"Renamed"}', status: 200 }, null],
    // Reaches the operation, which refuses to install a draft app.
    ['no body and no Content-Type on an optional JSON body', { method: 'post', path: '/api/apps/:app/install/deny', headers: {}, status: 400 }, null],
    ['JSON body on a multipart upload', { method: 'post', path: '/api/user/file', headers: { 'Content-Type': 'application/json' }, body: '{}', status: 415 }, 'multipart/form-data'],
  ])('%s', async (_label, scenario, accepted) => {
    const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'dev@example.com' });
    const appId = await createAppAs({ agent });
    const res = await send({ agent, appId, scenario });
    expect(res.status).toBe(scenario.status);
    if (accepted) {
      expect(res.body).toEqual({ success: false, data: null, message: `This endpoint only accepts request bodies of type ${accepted}`, requestId: expect.any(String) });
    }
  });
});
