// The demo site owner's projects: their own two (over the free plan's one website), an active
// admin and a pending invitation on the first, and the demo developer's project shared with them.
import request from 'supertest';
import { DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
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
    expect(await projects(t.ctx).count({})).toBe(3);
    expect(await projectPermissions(t.ctx).count({})).toBe(3);

    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    const mine = (await owner.get('/api/project')).body.data;
    expect(mine.map((p: { name: string }) => p.name)).toEqual([DEMO_PROJECTS.marketing.name, DEMO_PROJECTS.store.name]);
    expect(mine[0].users).toEqual([{ fullName: 'Demo Developer' }]);
    expect((await owner.get('/api/project/shared')).body.data).toEqual([expect.objectContaining({ name: DEMO_PROJECTS.portfolio.name, userProjectRole: 'editor' })]);
    const permissions = (await owner.get(`/api/project/${DEMO_PROJECTS.marketing._id}/permissions`)).body.data.docs;
    expect(permissions).toContainEqual(expect.objectContaining({ email: DEMO_PENDING_INVITEE, status: 'pending' }));
    expect((await owner.post('/api/project').send({ name: 'Third' })).body.reason).toBe('planLimit');
  });
});
