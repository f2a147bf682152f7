import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { NEW_PASSWORD, STRONG_PASSWORD, isSignedIn, login, signedInAgain, signedInUser } from '../helpers/accounts';

const ANN = 'ann@example.com';
const MINUTE = 60 * 1000;

const change = (body: Record<string, unknown>) => ({ currentPassword: STRONG_PASSWORD, password: NEW_PASSWORD, passwordAgain: NEW_PASSWORD, ...body });

describe('POST /api/user/changePassword', () => {
  const t = withTestApp();

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const agent = await signedInUser({ t, email: ANN });
    const res = await agent.post('/api/user/changePassword').send(change({}));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Your password has been changed', data: { email: ANN } });
    expect((await login({ agent: request.agent(t.app), email: ANN })).status).toBe(401);
    expect((await login({ agent: request.agent(t.app), email: ANN, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('signs out every other session and keeps this one under a new session id', async () => {
    const agent = await signedInUser({ t, email: ANN });
    const otherBrowser = await signedInAgain({ t, email: ANN });
    const before = await t.ctx.store.collection('sessions').find({});
    const res = await agent.post('/api/user/changePassword').send(change({}));
    expect(res.status).toBe(200);
    expect(await isSignedIn(agent)).toBe(true);
    expect(await isSignedIn(otherBrowser)).toBe(false);
    const after = await t.ctx.store.collection('sessions').find({});
    expect(after).toHaveLength(1);
    expect(before.map((s) => s._id)).not.toContain(after[0]._id);
  });

  it.each([
    ['the confirmation differs', change({ passwordAgain: 'something else entirely' }), 'passwordAgain', 'Passwords do not match'],
    ['the password is missing', change({ password: undefined }), 'password', 'New password is required'],
    ['the confirmation is missing', change({ passwordAgain: undefined }), 'passwordAgain', 'Confirm new password is required'],
    ['the password is under 5 characters', change({ password: 'abcd', passwordAgain: 'abcd' }), 'password', 'New password must be at least 5 characters'],
    ['the password is over 60 characters', change({ password: 'x'.repeat(61), passwordAgain: 'x'.repeat(61) }), 'password', 'New password must be at most 60 characters'],
    ['the password has strength score 0', change({ password: 'password', passwordAgain: 'password' }), 'password', 'Password is invalid'],
    ['the current password is missing', change({ currentPassword: undefined }), 'currentPassword', 'Enter your current password'],
    ['the current password is wrong', change({ currentPassword: 'not my password' }), 'currentPassword', 'Incorrect password'],
  ])('refuses when %s, and keeps the old password', async (_case, body, field, message) => {
    const agent = await signedInUser({ t, email: ANN });
    const res = await agent.post('/api/user/changePassword').send(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect((await login({ agent: request.agent(t.app), email: ANN })).status).toBe(200);
  });

  it('limits wrong current passwords to 5 per 15 minutes', async () => {
    const agent = await signedInUser({ t, email: ANN });
    for (let i = 0; i < 5; i += 1) {
      expect((await agent.post('/api/user/changePassword').send(change({ currentPassword: 'wrong guess' }))).status).toBe(400);
    }
    const blocked = await agent.post('/api/user/changePassword').send(change({}));
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    t.advance(15 * MINUTE);
    expect((await agent.post('/api/user/changePassword').send(change({}))).status).toBe(200);
  });

  it('lets an account without a password (social signup) set one without a current password', async () => {
    const agent = await signedInUser({ t, email: ANN });
    await t.ctx.store.collection('users').updateOne({ email: ANN }, { $unset: { passwordHash: 1 } });
    const res = await agent.post('/api/user/changePassword').send({ password: NEW_PASSWORD, passwordAgain: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.hasPassword).toBe(true);
    expect((await login({ agent: request.agent(t.app), email: ANN, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('needs a signed-in session', async () => {
    expect((await request(t.app).post('/api/user/changePassword').send(change({}))).status).toBe(401);
  });
});
