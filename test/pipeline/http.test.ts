// The HTTP pipeline every area relies on: envelopes, JSON 404s, readable 400s keyed by path.
import request from 'supertest';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP pipeline', () => {
  it('wraps a successful answer in the {success, data, message} envelope', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok', engine: t.ctx.store.engine, brand: 'Nindo' }, message: '' });
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/user/no-such-call'],
    ['GET', '/integrations/developer/nothing-here'],
    ['DELETE', '/nindo/api/unknown'],
  ])('answers %s %s with a JSON 404, not HTML', async (method, path) => {
    const res = await request(t.app)[method.toLowerCase() as 'get' | 'post' | 'delete'](path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, data: null, message: `No such endpoint: ${method} ${path}`, requestId: expect.any(String) });
  });

  it.each([
    ['a missing body field, named by its title', { password: 'secret-pass', captchaToken: 'x' }, 'username', 'Email is required'],
    ['a too-short body field', { username: 'a@b', password: 'secret-pass', captchaToken: 'x' }, 'username', 'Email must be at least 4 characters'],
    ['a too-long body field', { username: 'ann@example.com', password: 'p'.repeat(61), captchaToken: 'x' }, 'password', 'Password must be at most 60 characters'],
  ])('answers %s with a 400 keyed by the field path', async (_case, body, field, message) => {
    const res = await request(t.app).post('/api/user/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['a body that is not JSON', '{"username": ', 400, 'The request body is not valid JSON'],
    ['a body over 1 MB', JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 1) }), 413, 'The request body is too large'],
  ])('answers %s with a readable client error, not a 500', async (_case, raw, status, message) => {
    const res = await request(t.app).post('/api/user/login').set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, data: null, message, requestId: expect.any(String) });
  });

  it('keys a bad query value as query.<name>', async () => {
    const res = await request(t.app).get('/integrations/developer/public/apps').query({ page: 'first' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['query.page']);
  });

  it('answers 401 in the envelope when a signed-in operation has no session', async () => {
    const res = await request(t.app).get('/integrations/developer/apps');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, data: null, message: 'Please log in to continue', requestId: expect.any(String) });
  });

  it('sets the session cookie httpOnly and SameSite=Lax at login', async () => {
    const res = await request(t.app).post('/api/user/register').send({ username: 'lee@example.com', fullName: 'Lee Park', password: 'correct-horse-battery-staple', captchaToken: 'x' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/nindo\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe('the session cookie behind a proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true });
  });
  afterAll(() => proxied.close());

  const signUpCookie = async ({ email, headers }: { email: string; headers: Record<string, string> }): Promise<string> => {
    const res = await request(proxied.app)
      .post('/api/user/register')
      .set(headers)
      .send({ username: email, fullName: 'Sam Lee', password: 'correct-horse-battery-staple', captchaToken: 'x' });
    expect(res.status).toBe(201);
    return String(res.headers['set-cookie']);
  };

  it('marks the cookie Secure when the proxy says the visitor came over https', async () => {
    expect(await signUpCookie({ email: 'sam@example.com', headers: { 'X-Forwarded-Proto': 'https' } })).toMatch(/;\s*Secure/i);
  });

  it('leaves Secure off over plain http, so local installs still sign in', async () => {
    expect(await signUpCookie({ email: 'kim@example.com', headers: {} })).not.toMatch(/;\s*Secure/i);
  });
});
