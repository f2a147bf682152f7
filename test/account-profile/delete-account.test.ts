import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA, isSignedIn, login, signedInAgain, signedInUser } from '../helpers/accounts';

const ANN = 'ann@example.com';
const BOB = 'bob@example.com';

describe('DELETE /api/user', () => {
  const t = withTestApp();

  it('deletes the account with its sessions, tokens and developer profile; login fails after', async () => {
    const agent = await signedInUser({ t, email: ANN });
    const otherBrowser = await signedInAgain({ t, email: ANN });
    expect((await agent.post('/integrations/developer/signup').send({ captchaToken: CAPTCHA })).status).toBe(200);
    const userId = (await t.ctx.store.collection('users').findOne({ email: ANN }))?._id;
    expect(await t.ctx.store.collection('tokens').count({ userId })).toBeGreaterThan(0);

    const res = await agent.delete('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: 'Your account has been deleted' });
    expect(String(res.headers['set-cookie'])).toMatch(/nindo\.sid=;/);

    expect(await t.ctx.store.collection('users').count({ _id: userId })).toBe(0);
    expect(await t.ctx.store.collection('sessions').count({ userId })).toBe(0);
    expect(await t.ctx.store.collection('tokens').count({ userId })).toBe(0);
    expect(await t.ctx.store.collection('developers').count({ userId })).toBe(0);
    expect(await isSignedIn(agent)).toBe(false);
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect((await login({ agent: request.agent(t.app), email: ANN })).status).toBe(401);
  });

  it('deletes only the signed-in account', async () => {
    const ann = await signedInUser({ t, email: ANN });
    const bob = await signedInUser({ t, email: BOB });
    await ann.delete('/api/user');
    expect(await isSignedIn(bob)).toBe(true);
    expect(await t.ctx.store.collection('users').count({ email: BOB })).toBe(1);
  });

  it('refuses while the user is a developer of an app, and deletes once the app is gone', async () => {
    const agent = await signedInUser({ t, email: ANN });
    await agent.post('/integrations/developer/signup').send({ captchaToken: CAPTCHA });
    const app = await agent.post('/integrations/developer/apps').send({ name: 'My Widget' });
    expect(app.status).toBe(201);

    const refused = await agent.delete('/api/user');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Delete your developer apps before deleting your account.');
    expect(await t.ctx.store.collection('users').count({ email: ANN })).toBe(1);
    expect(await isSignedIn(agent)).toBe(true);

    expect((await agent.delete(`/integrations/developer/apps/${app.body.data.appId}`)).status).toBe(200);
    expect((await agent.delete('/api/user')).status).toBe(200);
    expect(await t.ctx.store.collection('users').count({ email: ANN })).toBe(0);
  });

  it('lets the email sign up again as a new account', async () => {
    const agent = await signedInUser({ t, email: ANN });
    await agent.delete('/api/user');
    const again = await request(t.app).post('/api/user/register').send({ username: ANN, fullName: 'Ann Again', password: 'another fine passphrase', captchaToken: CAPTCHA });
    expect(again.status).toBe(201);
  });

  it('needs a signed-in session', async () => {
    expect((await request(t.app).delete('/api/user')).status).toBe(401);
  });
});
