import request from 'supertest';
import { DEMO_DEVELOPER, DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

describe('demo accounts', () => {
  const t = withTestApp();

  it('creates a site owner and a developer that can log in, and keeps them when run again', async () => {
    const lines = await seedAccounts(t.ctx);
    expect(lines.join('\n')).toContain(`${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    await seedAccounts(t.ctx);
    expect(await t.ctx.store.collection('users').count({})).toBe(2);
    expect(await t.ctx.store.collection('developers').count({})).toBe(1);
    const owner = await request(t.app).post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    expect(owner.body.data).toMatchObject({ redirectUrl: '/dashboard', user: { isConfirmed: true, isDeveloper: false } });
    const developer = await request(t.app)
      .post('/api/user/login')
      .send({ username: DEMO_DEVELOPER.email, password: DEMO_DEVELOPER.password, captchaToken: CAPTCHA, developer: true });
    expect(developer.body.data).toMatchObject({ redirectUrl: '/developer/apps', user: { isConfirmed: true, isDeveloper: true } });
  });
});
