import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA, STRONG_PASSWORD, existingUser, login, sessionCookie } from '../helpers/accounts';

const MINUTE = 60 * 1000;

describe('POST /api/user/login', () => {
  const t = withTestApp({ config: { trustProxy: true } });

  it('signs in, answers the user and the dashboard, and the session then knows the user', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const agent = request.agent(t.app);
    const res = await login({ agent, email: 'Ann@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { mfaRequired: false, redirectUrl: '/dashboard', user: { email: 'ann@example.com', fullName: 'Ada Lovelace', isDeveloper: false } },
    });
    const session = await agent.get('/api/user/session');
    expect(session.body.data).toMatchObject({ email: 'ann@example.com' });
  });

  it('rotates the session id at login, and the old id no longer signs in', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const agent = request.agent(t.app);
    const before = sessionCookie(await login({ agent, email: 'ann@example.com' }));
    const after = sessionCookie(await login({ agent, email: 'ann@example.com' }));
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = await request(t.app).get('/api/user/session').set('Cookie', before as string);
    expect(stale.body.data).toBeNull();
  });

  it.each([
    ['a wrong password', 'ann@example.com', 'not the password'],
    ['an unknown email', 'nobody@example.com', STRONG_PASSWORD],
  ])('answers the same message for %s', async (_label, email, password) => {
    await existingUser({ t, email: 'ann@example.com' });
    const res = await login({ agent: request.agent(t.app), email, password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, data: null, message: 'Incorrect email or password', requestId: expect.any(String) });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it.each([
    ['email missing', { password: STRONG_PASSWORD, captchaToken: CAPTCHA }, 'username', 'Email is required'],
    ['email shorter than 4', { username: 'a@b', password: STRONG_PASSWORD, captchaToken: CAPTCHA }, 'username', 'Email must be at least 4 characters'],
    ['password missing', { username: 'ann@example.com', captchaToken: CAPTCHA }, 'password', 'Password is required'],
    ['password shorter than 6', { username: 'ann@example.com', password: 'abcde', captchaToken: CAPTCHA }, 'password', 'Password must be at least 6 characters'],
    ['password longer than 60', { username: 'ann@example.com', password: 'x'.repeat(61), captchaToken: CAPTCHA }, 'password', 'Password must be at most 60 characters'],
    ['captcha token empty', { username: 'ann@example.com', password: STRONG_PASSWORD, captchaToken: '' }, 'captchaToken', 'Token is empty'],
  ])('refuses a login with %s', async (_label, body, field, message) => {
    const res = await request(t.app).post('/api/user/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('blocks an account for 15 minutes after 5 failures, with Retry-After', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    t.advance(15 * MINUTE - (t.ctx.now().getTime() % (15 * MINUTE)));
    const agent = request.agent(t.app);
    for (let i = 0; i < 5; i += 1) expect((await login({ agent, email: 'ann@example.com', password: 'wrong password' })).status).toBe(401);
    const blocked = await login({ agent, email: 'ann@example.com' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBe(900);
    t.advance(15 * MINUTE);
    expect((await login({ agent, email: 'ann@example.com' })).status).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    t.advance(15 * MINUTE - (t.ctx.now().getTime() % (15 * MINUTE)));
    const agent = request.agent(t.app);
    for (let i = 0; i < 4; i += 1) await login({ agent, email: 'ann@example.com', password: 'wrong password' });
    expect((await login({ agent, email: 'ann@example.com' })).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login({ agent, email: 'ann@example.com', password: 'wrong password' })).status).toBe(401);
  });

  it.each([
    ['a safe redirectUrl in the body', { redirectUrl: '/projects/p1' }, '', '/projects/p1'],
    ['a safe redirectUrl in the query', {}, '?redirectUrl=%2Fcatalog', '/catalog'],
    ['an unsafe redirectUrl', { redirectUrl: '//evil.com' }, '', '/dashboard'],
    ['an absolute redirectUrl', { redirectUrl: 'https://evil.com/' }, '', '/dashboard'],
    ['the developer page flag for a non-developer', { developer: true }, '', '/developer/join'],
  ])('answers the destination for %s', async (_label, extra, query, expected) => {
    await existingUser({ t, email: 'ann@example.com' });
    const res = await request(t.app)
      .post(`/api/user/login${query}`)
      .send({ username: 'ann@example.com', password: STRONG_PASSWORD, captchaToken: CAPTCHA, ...extra });
    expect(res.status).toBe(200);
    expect(res.body.data.redirectUrl).toBe(expected);
  });
});
