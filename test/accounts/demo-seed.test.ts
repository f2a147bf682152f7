import request from 'supertest';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER, DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { seedDemo } from '../../server/demo/seed';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

describe('demo accounts', () => {
  const t = withTestApp();

  it('creates two site owners and a developer that can log in, and keeps them when run again', async () => {
    const lines = await seedAccounts(t.ctx);
    for (const account of [DEMO_OWNER, DEMO_FREE_OWNER, DEMO_DEVELOPER]) expect(lines.join('\n')).toContain(`${account.email} / ${account.password}`);
    await seedAccounts(t.ctx);
    expect(await t.ctx.store.collection('users').count({})).toBe(3);
    expect(await t.ctx.store.collection('developers').count({})).toBe(1);
    for (const owner of [DEMO_OWNER, DEMO_FREE_OWNER]) {
      const login = await request(t.app).post('/api/user/login').send({ username: owner.email, password: owner.password, captchaToken: CAPTCHA });
      expect(login.body.data).toMatchObject({ redirectUrl: '/dashboard', user: { isConfirmed: true, isDeveloper: false } });
    }
    const developer = await request(t.app)
      .post('/api/user/login')
      .send({ username: DEMO_DEVELOPER.email, password: DEMO_DEVELOPER.password, captchaToken: CAPTCHA, developer: true });
    expect(developer.body.data).toMatchObject({ redirectUrl: '/developer/apps', user: { isConfirmed: true, isDeveloper: true } });
  });
});

describe('the whole demo', () => {
  const t = withTestApp();

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const agent = request.agent(t.app);
    await agent.post('/api/user/login').send({ username: email, password, captchaToken: CAPTCHA }).expect(200);
    return agent;
  };

  it('prints what its data does: the paying owner makes a third project with no popup, the free account meets the one-website limit', async () => {
    const printed = (await seedDemo(t.ctx)).join('\n');
    // Nothing printed about the paying owner claims the free plan's limits.
    expect(printed.split('\n').filter((line) => line.includes(DEMO_OWNER.email)).join('\n')).not.toMatch(/free plan/);
    expect(printed).toMatch(new RegExp(`${DEMO_FREE_OWNER.email} .*free plan`));

    const owner = await signIn(DEMO_OWNER);
    expect((await owner.get('/api/v1/user/planFeatures')).body.data).toMatchObject({ websites: 10 });
    expect((await owner.get('/api/project')).body.data).toHaveLength(2);
    await owner.post('/api/project').send({ name: 'Third' }).expect(201);

    const free = await signIn(DEMO_FREE_OWNER);
    expect((await free.get('/api/v1/user/planFeatures')).body.data).toMatchObject({ websites: 1, numberOfViewsPerMonth: 300 });
    expect((await free.get('/api/project')).body.data.map((project: { name: string }) => project.name)).toEqual(['Corner bakery']);
    const second = await free.post('/api/project').send({ name: 'Second' }).expect(403);
    expect(second.body.reason).toBe('planLimit');
    const widgets = (await free.get('/api/project/demo-project-free-bakery/component')).body.data.docs;
    expect(widgets.map((row: { overViewLimit: boolean }) => row.overViewLimit)).toEqual([true]);
  });
});
