// The demo site owner's widgets: a page per project with one over the view limit, uncategorized
// ones, an active collaborator and a pending invitation, and a widget shared with the owner.
import request from 'supertest';
import { DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { DEMO_PROJECTS, seedWorkspaceProjects } from '../../server/demo/workspace-projects';
import { DEMO_WIDGET_INVITEE, seedWorkspaceWidgets } from '../../server/demo/workspace-widgets';
import { widgetPermissions, widgets } from '../../server/services/workspace/model';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

describe('demo widgets', () => {
  const t = withTestApp();

  it('fills the demo owner projects, uncategorized and shared widgets, once', async () => {
    await seedAccounts(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    expect(await widgets(t.ctx).count({})).toBe(10);
    expect(await widgetPermissions(t.ctx).count({})).toBe(3);

    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    const marketing = (await owner.get(`/api/project/${DEMO_PROJECTS.marketing._id}/component`)).body.data;
    expect(marketing.docs.map((row: { name: string }) => row.name)).toEqual(['Launch countdown', 'Pricing FAQ', 'Customer testimonials', 'Feature poll']);
    expect(marketing.docs.map((row: { overViewLimit: boolean }) => row.overViewLimit)).toEqual([true, false, false, false]);
    expect((await owner.get('/api/project/uncategorized/component')).body.data.total).toBe(2);
    const slider = (await owner.get(`/api/project/${DEMO_PROJECTS.store._id}/component?search=slider`)).body.data.docs[0];
    expect(slider.permissions.map((entry: { role: string; status?: string }) => [entry.role, entry.status])).toEqual([['owner', undefined], ['editor', 'active'], ['viewer', 'pending']]);
    expect(slider.permissions[2].email).toBe(DEMO_WIDGET_INVITEE);
    const shared = (await owner.get('/api/component/shared')).body.data;
    expect(shared.docs).toEqual([expect.objectContaining({ name: 'Team members', role: 'analyst' })]);
  });
});
