// The widget calls (spec 003 section 7): the project list with search, type filter, pages, the
// owner's view limit, and create, read, rename, move, duplicate and delete with their messages.
import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';
import { projects, widgets, widgetPermissions } from '../../server/services/workspace/model';
import { WORKSPACE_MESSAGES } from '../../rules/workspace-roles';
import { FREE_PLAN_FEATURES } from '../../rules/plan-features';

describe('widgets', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  const insertWidgets = async ({ projectId, ownerId, count, views = 0 }: { projectId: string | null; ownerId: string; count: number; views?: number }) => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < count; i++) {
      const at = new Date(base + i * 1000).toISOString();
      await widgets(t.ctx).insertOne({ _id: randomUUID(), ownerId, projectId, name: `Widget ${i}`, type: i % 2 ? 'poll' : 'faq', settings: {}, views, created: at, updated: at });
    }
  };

  describe('the project list', () => {
    it('pages 10 at a time, newest update first, with the caller role and the owner first in permissions', async () => {
      const { projectId } = await workspaceProject({ t, cast });
      await insertWidgets({ projectId, ownerId: cast.userIds.owner, count: 12 });
      const res = await cast.agents.editor.get(`/api/project/${projectId}/component`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 13, page: 1, pages: 2, limit: 10, role: 'editor', viewLimit: FREE_PLAN_FEATURES.numberOfViewsPerMonth });
      expect(res.body.data.docs).toHaveLength(10);
      const [first] = res.body.data.docs;
      expect(first.permissions[0]).toEqual({ name: 'Ada Lovelace', role: 'owner' });
      expect(first.role).toBe('editor');
      expect(first.ownerId).toBeUndefined();
      const second = await cast.agents.editor.get(`/api/project/${projectId}/component?page=2`);
      expect(second.body.data.docs).toHaveLength(3);
    });

    it('searches the name case-insensitively and filters by type', async () => {
      const { projectId } = await workspaceProject({ t, cast });
      await insertWidgets({ projectId, ownerId: cast.userIds.owner, count: 12 });
      const byName = await cast.agents.viewer.get(`/api/project/${projectId}/component?search=WIDGET 1`);
      expect(byName.body.data.docs.map((row: { name: string }) => row.name).sort()).toEqual(['Widget 1', 'Widget 10', 'Widget 11']);
      const byType = await cast.agents.viewer.get(`/api/project/${projectId}/component?type=poll&limit=100`);
      expect(byType.body.data.total).toBe(6);
      expect(byType.body.data.docs[0]).toMatchObject({ type: 'poll', app: 'Poll', slug: 'poll' });
      const regexLike = await cast.agents.viewer.get(`/api/project/${projectId}/component`).query({ search: '(.*' });
      expect(regexLike.body.data.total).toBe(0);
    });

    it('lists the collaborators after the owner, pending ones included', async () => {
      const { projectId, guid } = await workspaceProject({ t, cast });
      const res = await cast.agents.owner.get(`/api/project/${projectId}/component`);
      const row = res.body.data.docs.find((doc: { guid: string }) => doc.guid === guid);
      expect(row.permissions).toEqual([
        { name: 'Ada Lovelace', role: 'owner' },
        { name: '', email: 'widgetcollaborator@workspace.test', role: 'editor', status: 'active' },
      ]);
    });

    it('marks widgets at or above the owner plan view limit', async () => {
      const { projectId } = await workspaceProject({ t, cast });
      const limit = FREE_PLAN_FEATURES.numberOfViewsPerMonth;
      await insertWidgets({ projectId, ownerId: cast.userIds.owner, count: 1, views: limit });
      await insertWidgets({ projectId, ownerId: cast.userIds.owner, count: 1, views: limit - 1 });
      const res = await cast.agents.owner.get(`/api/project/${projectId}/component`);
      const flags = Object.fromEntries(res.body.data.docs.map((doc: { views: number; overViewLimit: boolean }) => [doc.views, doc.overViewLimit]));
      expect(flags).toEqual({ 0: false, [limit]: true, [limit - 1]: false });
    });

    it('answers each row with its saved settings, the new ones after a save, for the photo column', async () => {
      const { projectId } = await workspaceProject({ t, cast });
      await insertWidgets({ projectId, ownerId: cast.userIds.owner, count: 1 });
      const rowOf = async () => (await cast.agents.viewer.get(`/api/project/${projectId}/component?type=faq`)).body.data.docs[0];
      const { guid, settings } = await rowOf();
      expect(settings).toEqual({});
      const saved = await cast.agents.editor.put(`/api/v1/plugin/${guid}`).send({ settings: { title: 'Shipping questions' } });
      expect(saved.status).toBe(200);
      expect((await rowOf()).settings).toMatchObject({ title: 'Shipping questions' });
    });

    it("'uncategorized' lists the caller's own widgets outside projects", async () => {
      const agent = cast.agents.stranger;
      await insertWidgets({ projectId: null, ownerId: cast.userIds.stranger, count: 2 });
      await insertWidgets({ projectId: null, ownerId: cast.userIds.viewer, count: 1 });
      const res = await agent.get('/api/project/uncategorized/component?limit=1');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 2, limit: 1, role: 'owner' });
    });

    it.each([
      ['a stranger', 'stranger'],
      ['a widget collaborator', 'widgetCollaborator'],
    ] as const)('answers 404 Project not found to %s', async (_label, identity) => {
      const { projectId } = await workspaceProject({ t, cast });
      const res = await cast.agents[identity].get(`/api/project/${projectId}/component`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(WORKSPACE_MESSAGES.projectNotFound);
    });
  });

  describe('create', () => {
    it('creates a widget in a project for an admin, owned by the project owner', async () => {
      const { projectId } = await workspaceProject({ t, cast });
      const res = await cast.agents.admin.post('/api/v1/plugin').send({ type: 'poll', projectId });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Poll', type: 'poll', projectId, views: 0 });
      const stored = await widgets(t.ctx).findOne({ _id: res.body.data.guid });
      expect(stored?.ownerId).toBe(cast.userIds.owner);
    });

    it("refuses an editor with the spec's words", async () => {
      const { projectId } = await workspaceProject({ t, cast });
      const res = await cast.agents.editor.post('/api/v1/plugin').send({ type: 'poll', projectId, name: 'Mine' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Sorry, you can't create a new widget, please contact the project owner.");
    });

    it('lets anyone signed in create an uncategorized widget', async () => {
      const res = await cast.agents.stranger.post('/api/v1/plugin').send({ type: 'faq', name: '  Help  ' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Help', projectId: null });
    });

    it("answers 'Plugin type not found' for an unknown type", async () => {
      const res = await cast.agents.owner.post('/api/v1/plugin').send({ type: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Plugin type not found');
    });
  });

  describe('read, rename, move, duplicate, delete', () => {
    it('reads a widget for a collaborator and 404s a stranger', async () => {
      const { guid } = await workspaceProject({ t, cast });
      expect((await cast.agents.widgetCollaborator.get(`/api/v1/plugin/${guid}`)).body.data.guid).toBe(guid);
      const stranger = await cast.agents.stranger.get(`/api/v1/plugin/${guid}`);
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe('Widget not found');
    });

    it.each([
      ['viewer', 'viewer'],
      ['admin', 'admin'],
      ['owner', 'owner'],
      ['widgetCollaborator', 'analyst'],
    ] as const)('tells a %s its role (%s) with the widget', async (identity, role) => {
      const { guid } = await workspaceProject({ t, cast, widgetCollaboratorRole: 'analyst' });
      expect((await cast.agents[identity].get(`/api/v1/plugin/${guid}`)).body.data.role).toBe(role);
    });

    it('renames for an admin, not for an editor', async () => {
      const { guid } = await workspaceProject({ t, cast });
      expect((await cast.agents.editor.put(`/api/v1/plugin/${guid}`).send({ name: 'X' })).status).toBe(403);
      const res = await cast.agents.admin.put(`/api/v1/plugin/${guid}`).send({ name: ' Renamed ' });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('Renamed');
    });

    it('moves for the owner to another project, which then owns it', async () => {
      const { guid } = await workspaceProject({ t, cast });
      const target = await workspaceProject({ t, cast });
      expect((await cast.agents.admin.put(`/api/v1/plugin/${guid}`).send({ projectId: target.projectId })).status).toBe(403);
      const res = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ projectId: target.projectId });
      expect(res.status).toBe(200);
      expect(res.body.data.projectId).toBe(target.projectId);
    });

    it.each([[''], [null], ['uncategorized']])('refuses a move without a target project (%p)', async (projectId) => {
      const { guid } = await workspaceProject({ t, cast });
      const res = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ projectId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WORKSPACE_MESSAGES.moveNeedsProject);
    });

    it("404s a move into a project the caller cannot reach and 403s one where it cannot create", async () => {
      const { guid } = await workspaceProject({ t, cast });
      const now = t.ctx.now().toISOString();
      const foreign = randomUUID();
      await projects(t.ctx).insertOne({ _id: foreign, ownerId: cast.userIds.stranger, name: 'Theirs', domains: [], created: now, updated: now });
      expect((await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ projectId: foreign })).status).toBe(404);
      const uncategorized = await cast.agents.owner.post('/api/v1/plugin').send({ type: 'faq' });
      const viewerProject = await workspaceProject({ t, cast: { ...cast, userIds: { ...cast.userIds, owner: cast.userIds.stranger, viewer: cast.userIds.owner } } });
      const res = await cast.agents.owner.put(`/api/v1/plugin/${uncategorized.body.data.guid}`).send({ projectId: viewerProject.projectId });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(WORKSPACE_MESSAGES.cannotCreateWidget);
    });

    it("duplicates for an editor as '<name> (copy)' without views or collaborators", async () => {
      const { guid, projectId } = await workspaceProject({ t, cast });
      await widgets(t.ctx).updateOne({ _id: guid }, { $set: { views: 50 } });
      expect((await cast.agents.viewer.post(`/api/v1/plugin/${guid}/duplicate`)).status).toBe(403);
      const res = await cast.agents.editor.post(`/api/v1/plugin/${guid}/duplicate`);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Pricing table (copy)', projectId, views: 0 });
      expect(await widgetPermissions(t.ctx).count({ widgetId: res.body.data.guid })).toBe(0);
    });

    it("refuses a duplicate to an editor collaborator of the widget alone, who could not see the copy", async () => {
      const { guid, projectId } = await workspaceProject({ t, cast });
      const res = await cast.agents.widgetCollaborator.post(`/api/v1/plugin/${guid}/duplicate`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Sorry, you can't create a new widget, please contact the project owner.");
      expect(await widgets(t.ctx).count({ projectId })).toBe(1);
    });

    it('deletes for an admin with its collaborators, not for an editor', async () => {
      const { guid } = await workspaceProject({ t, cast });
      expect((await cast.agents.editor.delete(`/api/v1/plugin/${guid}`)).status).toBe(403);
      const res = await cast.agents.admin.delete(`/api/v1/plugin/${guid}`);
      expect(res.status).toBe(200);
      expect(await widgets(t.ctx).findOne({ _id: guid })).toBeNull();
      expect(await widgetPermissions(t.ctx).count({ widgetId: guid })).toBe(0);
      expect((await cast.agents.admin.get(`/api/v1/plugin/${guid}`)).status).toBe(404);
    });
  });
});
