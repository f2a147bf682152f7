import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA, existingUser, login } from '../helpers/accounts';

describe('developer signup', () => {
  const t = withTestApp();
  beforeEach(async () => {
    await existingUser({ t, email: 'ann@example.com' });
  });

  it('makes the signed-in user a developer with a profile, once', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: 'ann@example.com' });
    expect((await agent.get('/integrations/developer/signup')).body.data).toEqual({ isDeveloper: false, developerId: null });
    const res = await agent.post('/integrations/developer/signup').send({ captchaToken: CAPTCHA });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("You're good to go!");
    expect(res.body.data.isDeveloper).toBe(true);
    const again = await agent.post('/integrations/developer/signup').send({ captchaToken: CAPTCHA });
    expect(again.body.data.developerId).toBe(res.body.data.developerId);
    const profiles = await t.ctx.store.collection('developers').find({});
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ _id: res.body.data.developerId, name: 'Ada Lovelace', email: 'ann@example.com', isActive: true });
    expect((await agent.get('/integrations/developer/signup')).body.data).toEqual(res.body.data);
    expect((await agent.get('/api/user/session')).body.data.isDeveloper).toBe(true);
  });

  it('leads a developer logging in on the developer page to /developer/apps', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: 'ann@example.com' });
    await agent.post('/integrations/developer/signup').send({ captchaToken: CAPTCHA });
    const res = await login({ agent: request.agent(t.app), email: 'ann@example.com', extra: { developer: true } });
    expect(res.body.data.redirectUrl).toBe('/developer/apps');
  });

  it('refuses an empty captcha token', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: 'ann@example.com' });
    const res = await agent.post('/integrations/developer/signup').send({ captchaToken: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Token is empty');
  });

  it.each([['get'], ['post']] as const)('answers 401 to %s when signed out', async (method) => {
    expect((await request(t.app)[method]('/integrations/developer/signup').send({ captchaToken: CAPTCHA })).status).toBe(401);
  });
});
