// Projects through the API: lists, creation within the plan's websites, the uncategorized pseudo
// project, settings, and deleting a project with what it holds.
import { withTestApp } from '../helpers/test-app';
import { projectPermissions, widgetPermissions, widgets } from '../../server/services/workspace/model';
import { PROJECT_LIMIT_MESSAGE } from '../../server/services/workspace/projects';
import { workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';

describe('projects', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  it('creates the first project, then refuses the second with the plan limit reason', async () => {
    const { agents } = cast;
    const created = await agents.stranger.post('/api/project').send({ name: ' My shop ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ projectId: expect.any(String), name: 'My shop', domains: [], users: [], totalComponents: 0, userProjectRole: 'owner' });

    const blank = await agents.stranger.post('/api/project').send({ name: '  ' });
    expect(blank.body.fieldErrors).toEqual({ name: 'Project name is required' });
    const second = await agents.stranger.post('/api/project').send({ name: 'Another' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ success: false, message: PROJECT_LIMIT_MESSAGE, reason: 'planLimit' });
  });

  it('lists my projects with their collaborators, widget count and a name search', async () => {
    const { projectId } = await workspaceProject({ t, cast });
    const res = await cast.agents.owner.get('/api/project');
    const mine = res.body.data.find((p: { projectId: string }) => p.projectId === projectId);
    expect(mine).toMatchObject({ name: 'Team site', domain: 'team.example.com', totalComponents: 1, userProjectRole: 'owner' });
    expect(mine.users.map((u: { fullName: string }) => u.fullName)).toHaveLength(3);

    expect((await cast.agents.owner.get('/api/project?search=TEAM')).body.data.length).toBeGreaterThan(0);
    expect((await cast.agents.owner.get('/api/project?search=nothing-like-it')).body.data).toEqual([]);
  });

  it('lists the projects shared with a member, with the member role', async () => {
    const { projectId } = await workspaceProject({ t, cast });
    const shared = (await cast.agents.editor.get('/api/project/shared')).body.data;
    expect(shared.find((p: { projectId: string }) => p.projectId === projectId)).toMatchObject({ userProjectRole: 'editor' });
    expect((await cast.agents.stranger.get('/api/project/shared')).body.data).toEqual([]);
  });

  it('answers the uncategorized pseudo project with the caller widgets outside projects', async () => {
    const now = t.ctx.now().toISOString();
    await widgets(t.ctx).insertOne({ _id: 'loose-widget', ownerId: cast.userIds.admin, projectId: null, name: 'Loose', type: 'pricing', settings: {}, views: 0, created: now, updated: now });
    const res = await cast.agents.admin.get('/api/project/uncategorized');
    expect(res.body.data).toEqual({ projectId: 'uncategorized', name: 'Uncategorized Widgets', domains: [], users: [], totalComponents: 1, userProjectRole: 'owner' });
    expect((await cast.agents.admin.put('/api/project/uncategorized').send({ name: 'x' })).status).toBe(404);
    expect((await cast.agents.admin.delete('/api/project/uncategorized')).status).toBe(404);
  });

  it('saves the settings: name, domain as the first domain, thumbnail, and removes them when empty', async () => {
    const { projectId } = await workspaceProject({ t, cast });
    const project = (await cast.agents.admin.get(`/api/project/${projectId}`)).body.data;
    const saved = await cast.agents.admin.put(`/api/project/${projectId}`).send({ ...project, name: 'New name', domain: 'new.example.com', thumbnail: '/files/thumb.png' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'New name', domain: 'new.example.com', domains: ['new.example.com'], thumbnail: '/files/thumb.png', userProjectRole: 'admin' });

    const cleared = await cast.agents.admin.put(`/api/project/${projectId}`).send({ name: 'New name', domain: '', thumbnail: '' });
    expect(cleared.body.data).toEqual(expect.objectContaining({ domains: [] }));
    expect(cleared.body.data).not.toHaveProperty('thumbnail');
    expect(cleared.body.data).not.toHaveProperty('domain');
  });

  it.each([
    [{ name: '' }, 'name', 'Project name is required'],
    [{ name: '   ' }, 'name', 'Project name is required'],
    [{}, 'name', 'Project name is required'],
  ])('refuses settings %j with %s: %s', async (body, field, message) => {
    const { projectId } = await workspaceProject({ t, cast });
    const res = await cast.agents.owner.put(`/api/project/${projectId}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('deletes the project with its widgets, their collaborators and the project permissions', async () => {
    const { projectId, guid } = await workspaceProject({ t, cast });
    const res = await cast.agents.owner.delete(`/api/project/${projectId}`);
    expect(res.status).toBe(200);
    expect(await widgets(t.ctx).count({ projectId })).toBe(0);
    expect(await widgetPermissions(t.ctx).count({ widgetId: guid })).toBe(0);
    expect(await projectPermissions(t.ctx).count({ projectId })).toBe(0);
    expect((await cast.agents.owner.get(`/api/project/${projectId}`)).status).toBe(404);
  });

  it('answers the plan features of the caller', async () => {
    const res = await cast.agents.stranger.get('/api/v1/user/planFeatures?serviceName=widgets');
    expect(res.body.data).toMatchObject({ websites: 1, collaborators: 1 });
  });
});
