// The demo site owner's widgets: a page per project with one over the view limit, uncategorized
// ones, an active collaborator and a pending invitation, and a widget shared with the owner.
import request from 'supertest';
import { DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { DEMO_PROJECTS, seedWorkspaceProjects } from '../../server/demo/workspace-projects';
import { DEMO_WIDGET_INVITEE, WIDGETS, seedWorkspaceWidgets } from '../../server/demo/workspace-widgets';
import catalog from '../../server/data/widget-catalog.json';
import { widgetPermissions, widgets } from '../../server/services/workspace/model';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

const ownersIn = (projectId: string | null) => WIDGETS.filter((widget) => widget.ownerEmail === DEMO_OWNER.email && widget.projectId === projectId);

describe('demo widgets', () => {
  const t = withTestApp();

  it('gives the demo owner a widget of every published type', () => {
    const published = catalog.filter((entry) => entry.status === 'published').map((entry) => entry.componentType);
    const owned = new Set(WIDGETS.filter((widget) => widget.ownerEmail === DEMO_OWNER.email).map((widget) => widget.type));
    expect(published.filter((type) => !owned.has(type))).toEqual([]);
  });

  it('fills the demo owner projects, uncategorized and shared widgets, once', async () => {
    await seedAccounts(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    expect(await widgets(t.ctx).count({})).toBe(WIDGETS.length);
    expect(await widgetPermissions(t.ctx).count({})).toBe(3);

    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    // Newest first: the seed dates each widget an hour before the one above it.
    const marketing = (await owner.get(`/api/project/${DEMO_PROJECTS.marketing._id}/component?limit=100`)).body.data;
    const expected = ownersIn(DEMO_PROJECTS.marketing._id);
    expect(expected.length).toBeGreaterThan(1);
    expect(marketing.docs.map((row: { name: string }) => row.name)).toEqual(expected.map((widget) => widget.name));
    expect(marketing.docs.map((row: { overViewLimit: boolean }) => row.overViewLimit)).toEqual(expected.map((widget) => widget.name === 'Launch countdown'));
    expect((await owner.get('/api/project/uncategorized/component')).body.data.total).toBe(ownersIn(null).length);
    const slider = (await owner.get(`/api/project/${DEMO_PROJECTS.store._id}/component?search=slider`)).body.data.docs[0];
    expect(slider.permissions.map((entry: { role: string; status?: string }) => [entry.role, entry.status])).toEqual([['owner', undefined], ['editor', 'active'], ['viewer', 'pending']]);
    expect(slider.permissions[2].email).toBe(DEMO_WIDGET_INVITEE);
    const shared = (await owner.get('/api/component/shared')).body.data;
    expect(shared.docs).toEqual([expect.objectContaining({ name: 'Team members', role: 'analyst' })]);
  });
});
