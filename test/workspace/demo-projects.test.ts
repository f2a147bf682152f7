// The demo projects: the site owner's own two, an active admin and a pending invitation on the
// first, the demo developer's project shared with them, and the free demo account's one website.
import request from 'supertest';
import { DEMO_FREE_OWNER, DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { DEMO_PENDING_INVITEE, DEMO_PROJECTS, seedWorkspaceProjects } from '../../server/demo/workspace-projects';
import { projectPermissions, projects } from '../../server/services/workspace/model';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

describe('demo projects', () => {
  const t = withTestApp();

  it('gives the demo owner projects, collaborators and a shared project, once', async () => {
    await seedAccounts(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    expect(await projects(t.ctx).count({})).toBe(4);
    expect(await projectPermissions(t.ctx).count({})).toBe(3);

    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    const mine = (await owner.get('/api/project')).body.data;
    expect(mine.map((p: { name: string }) => p.name)).toEqual([DEMO_PROJECTS.marketing.name, DEMO_PROJECTS.store.name]);
    expect(mine[0].users).toEqual([{ fullName: 'Demo Developer' }]);
    expect((await owner.get('/api/project/shared')).body.data).toEqual([expect.objectContaining({ name: DEMO_PROJECTS.portfolio.name, userProjectRole: 'editor' })]);
    const permissions = (await owner.get(`/api/project/${DEMO_PROJECTS.marketing._id}/permissions`)).body.data.docs;
    expect(permissions).toContainEqual(expect.objectContaining({ email: DEMO_PENDING_INVITEE, status: 'pending' }));

    const free = request.agent(t.app);
    await free.post('/api/user/login').send({ username: DEMO_FREE_OWNER.email, password: DEMO_FREE_OWNER.password, captchaToken: CAPTCHA });
    expect((await free.get('/api/project')).body.data.map((p: { name: string }) => p.name)).toEqual([DEMO_PROJECTS.bakery.name]);
    expect((await free.post('/api/project').send({ name: 'Second' })).body.reason).toBe('planLimit');
  });
});
