import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { existingUser, login, sessionCookie } from '../helpers/accounts';

describe('session and logout', () => {
  const t = withTestApp();

  it('answers data null when nobody is signed in', async () => {
    const res = await request(t.app).get('/api/user/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: '' });
  });

  it('answers the public user, without the password hash', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const agent = request.agent(t.app);
    await login({ agent, email: 'ann@example.com' });
    const res = await agent.get('/api/user/session');
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['created', 'email', 'fullName', 'hasPassword', 'id', 'isConfirmed', 'isDeveloper', 'isSubscribe', 'mfaEnabled', 'subscribed'].sort(),
    );
  });

  it('destroys the session at logout: the cookie is cleared and the old id no longer works', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const agent = request.agent(t.app);
    const cookie = sessionCookie(await login({ agent, email: 'ann@example.com' })) as string;
    const sessions = t.ctx.store.collection('sessions');
    const before = await sessions.count({});
    const out = await agent.post('/api/user/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: null, message: 'Logged out' });
    expect(String(out.headers['set-cookie'])).toMatch(/nindo\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessions.count({})).toBe(before - 1);
    const replayed = await request(t.app).get('/api/user/session').set('Cookie', cookie);
    expect(replayed.body.data).toBeNull();
  });

  it('answers success to a logout when already signed out', async () => {
    expect((await request(t.app).post('/api/user/logout')).status).toBe(200);
  });
});
