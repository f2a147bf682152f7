// A project's collaborators through the API: the Permissions page's list, Add User with its
// messages and the plan's collaborators, role changes, removal, and the mailed single-use link.
import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/accounts';
import { projectPermissions, projects } from '../../server/services/workspace/model';
import { INVITATION_SENT_AGAIN, INVITATION_TTL_MS, RESEND_INTERVAL_MS, resendTooSoon } from '../../server/services/workspace/invitation-tokens';
import { ALREADY_INVITED, COLLABORATOR_LIMIT_MESSAGE } from '../../server/services/workspace/project-permissions';
import { INVITATION_INVALID } from '../../server/services/workspace/invitation-approval';
import { confirmedUser, emailOf, workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';

describe('project collaborators', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  /** A project of the cast's owner with no collaborators yet (the free plan allows one). */
  const emptyProject = async (): Promise<string> => {
    const now = t.ctx.now().toISOString();
    const project = await projects(t.ctx).insertOne({ _id: randomUUID(), ownerId: cast.userIds.owner, name: 'Fresh site', domains: [], created: now, updated: now });
    return project._id;
  };

  /** Adds the email and mails the invitation, as the Permissions page does; answers the mailed token. */
  const invite = async ({ projectId, email }: { projectId: string; email: string }): Promise<{ permissionId: string; token: string }> => {
    const added = await cast.agents.owner.post(`/api/project/${projectId}/permissions`).send({ email, permission: 'editor' });
    const permissionId = added.body.data.permissionId as string;
    const mailed = await cast.agents.owner.post('/api/project/invite').send({ permissionId, email, projectName: 'Fresh site' });
    expect(mailed.status).toBe(200);
    return { permissionId, token: await lastInvitationToken(email) };
  };

  /** The minute between two mailings passed (the store's clock, not the app's: sessions age with the app clock). */
  const aMinuteLater = async (permissionId: string): Promise<void> => {
    const mailedAt = new Date(t.ctx.now().getTime() - RESEND_INTERVAL_MS).toISOString();
    await projectPermissions(t.ctx).updateOne({ _id: permissionId }, { $set: { mailedAt } });
  };

  const lastInvitationToken = async (email: string): Promise<string> => {
    const mails = await mailsTo({ ctx: t.ctx, to: email });
    const token = /\/project\/invitation\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  };

  /** The fixture's three members, admin's listed email first: viewer, editor, admin by creation (one second apart). */
  const listedProject = async (): Promise<string> => {
    const { projectId } = await workspaceProject({ t, cast });
    let second = 0;
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      second += 1;
      await projectPermissions(t.ctx).updateOne({ projectId, email: emailOf(role) }, { $set: { created: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(), name: `${role} person` } });
    }
    return projectId;
  };

  it.each([
    ['no parameters: newest first, ten a page', '', ['admin', 'editor', 'viewer'], { total: 3, page: 1, pages: 1, limit: 10 }],
    ['a page of two', '?limit=2', ['admin', 'editor'], { total: 3, page: 1, pages: 2, limit: 2 }],
    ['the second page of two', '?limit=2&page=2', ['viewer'], { total: 3, page: 2, pages: 2, limit: 2 }],
    ['search on the email, any case', '?search=VIEWER%40', ['viewer'], { total: 1, pages: 1 }],
    ['search on the name', '?search=editor%20person', ['editor'], { total: 1 }],
    ['a search matching nothing', '?search=nobody', [], { total: 0, pages: 1 }],
    ['a search with regex characters taken literally', '?search=.%2A', [], { total: 0 }],
    ['sort by email', `?sort=${encodeURIComponent('{"email":1}')}`, ['admin', 'editor', 'viewer'], { total: 3 }],
    ['sort by name descending', `?sort=${encodeURIComponent('{"name":-1}')}`, ['viewer', 'editor', 'admin'], { total: 3 }],
    ['sort by created, oldest first', `?sort=${encodeURIComponent('{"created":1}')}`, ['viewer', 'editor', 'admin'], { total: 3 }],
    ['search and sort and page together', `?search=workspace&sort=${encodeURIComponent('{"email":-1}')}&limit=1&page=2`, ['editor'], { total: 3, page: 2, pages: 3 }],
  ])('lists the permissions for an admin: %s', async (_scenario, queryString, members, page) => {
    const projectId = await listedProject();
    const res = await cast.agents.admin.get(`/api/project/${projectId}/permissions${queryString}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(page);
    expect(res.body.data.docs.map((p: { email: string }) => p.email)).toEqual(members.map((role) => emailOf(role as 'viewer')));
  });

  it('answers the permission rows in the shape the page reads', async () => {
    const { projectId } = await workspaceProject({ t, cast });
    const res = await cast.agents.admin.get(`/api/project/${projectId}/permissions?limit=1`);
    expect(res.body.data.docs[0]).toEqual({ _id: expect.any(String), permissionId: expect.any(String), role: expect.any(String), status: 'active', userDetails: { email: expect.any(String) }, email: expect.any(String) });
  });

  it.each([
    ['a field outside the shown columns', `?sort=${encodeURIComponent('{"tokenHash":1}')}`],
    ['a direction other than 1 or -1', `?sort=${encodeURIComponent('{"email":2}')}`],
    ['a page of more than 100', '?limit=101'],
  ])('refuses %s with 400', async (_scenario, queryString) => {
    const { projectId } = await workspaceProject({ t, cast });
    expect((await cast.agents.admin.get(`/api/project/${projectId}/permissions${queryString}`)).status).toBe(400);
  });

  it('adds a pending user, then refuses the next one over the plan collaborators', async () => {
    const projectId = await emptyProject();
    const added = await cast.agents.owner.post(`/api/project/${projectId}/permissions`).send({ email: ' New@Example.com ', permission: 'admin' });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ permissionId: expect.any(String), role: 'admin', status: 'pending', userDetails: { email: 'new@example.com' } });

    const over = await cast.agents.owner.post(`/api/project/${projectId}/permissions`).send({ email: 'second@example.com', permission: 'viewer' });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ message: COLLABORATOR_LIMIT_MESSAGE, reason: 'planLimit' });
  });

  it.each([
    [{ permission: 'viewer' }, 400, 'Email required'],
    [{ email: '  ', permission: 'viewer' }, 400, 'Email required'],
    [{ email: 'not-an-email', permission: 'viewer' }, 400, 'Email must be a valid email'],
    [{ email: 'a@example.com' }, 400, 'Permission type required'],
    [{ email: 'a@example.com', permission: 'owner' }, 400, 'Permission must be one of the allowed values'],
    [{ email: emailOf('owner'), permission: 'viewer' }, 409, ALREADY_INVITED],
  ])('refuses Add User %j with %i %s', async (body, status, message) => {
    const projectId = await emptyProject();
    const res = await cast.agents.owner.post(`/api/project/${projectId}/permissions`).send(body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
  });

  it("answers 'Not authorized' to a member who is not the owner", async () => {
    const { projectId } = await workspaceProject({ t, cast });
    const res = await cast.agents.admin.post(`/api/project/${projectId}/permissions`).send({ email: 'a@example.com', permission: 'viewer' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Not authorized' });
  });

  it('changes a role and removes a user', async () => {
    const { projectId, permissionIds } = await workspaceProject({ t, cast });
    const updated = await cast.agents.owner.put(`/api/project/${projectId}/permissions/${permissionIds.viewer}`).send({ role: 'admin' });
    expect(updated.body.data).toMatchObject({ permissionId: permissionIds.viewer, role: 'admin' });
    expect((await cast.agents.viewer.get(`/api/project/${projectId}/permissions`)).status).toBe(200);

    expect((await cast.agents.owner.delete(`/api/project/${projectId}/permissions/${permissionIds.viewer}`)).status).toBe(200);
    expect((await cast.agents.viewer.get(`/api/project/${projectId}`)).status).toBe(404);
    expect((await cast.agents.owner.delete(`/api/project/${projectId}/permissions/${permissionIds.viewer}`)).status).toBe(404);
  });

  it('mails a link that makes the invited account a member once', async () => {
    const projectId = await emptyProject();
    const { token } = await invite({ projectId, email: 'guest@example.com' });
    const mail = (await mailsTo({ ctx: t.ctx, to: 'guest@example.com' })).at(-1);
    expect(mail?.subject).toContain('Fresh site');
    const guest = await confirmedUser({ t, email: 'guest@example.com' });

    const approved = await guest.post(`/api/project/invitationApproval/${token}`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ projectId, name: 'Fresh site', userProjectRole: 'editor' });
    expect(approved.body.message).toBe('You joined Fresh site.');
    expect((await guest.get('/api/project/shared')).body.data.map((p: { projectId: string }) => p.projectId)).toEqual([projectId]);

    const again = await guest.post(`/api/project/invitationApproval/${token}`);
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 400, message: INVITATION_INVALID });
  });

  it('resends: a fresh link works, the earlier one is refused, and the toast says it was sent again', async () => {
    const projectId = await emptyProject();
    const { permissionId, token: first } = await invite({ projectId, email: 'twice@example.com' });
    await aMinuteLater(permissionId);
    t.advance(1000); // the mails' order is their time
    const resent = await cast.agents.owner.post('/api/project/invite').send({ permissionId, email: 'twice@example.com' });
    expect({ status: resent.status, message: resent.body.message }).toEqual({ status: 200, message: INVITATION_SENT_AGAIN });
    expect(await mailsTo({ ctx: t.ctx, to: 'twice@example.com' })).toHaveLength(2);
    const second = await lastInvitationToken('twice@example.com');
    expect(second).not.toBe(first);
    const invitee = await confirmedUser({ t, email: 'twice@example.com' });
    expect((await invitee.post(`/api/project/invitationApproval/${first}`)).status).toBe(400);
    expect((await invitee.post(`/api/project/invitationApproval/${second}`)).status).toBe(200);
  });

  it('refuses a resend within a minute with 429 and Retry-After, mailing nothing and keeping the link', async () => {
    const projectId = await emptyProject();
    const { permissionId, token } = await invite({ projectId, email: 'eager@example.com' });
    const tooSoon = await cast.agents.owner.post('/api/project/invite').send({ permissionId });
    expect({ status: tooSoon.status, message: tooSoon.body.message, retryAfter: tooSoon.headers['retry-after'] }).toEqual({ status: 429, message: resendTooSoon(60), retryAfter: '60' });
    expect(await mailsTo({ ctx: t.ctx, to: 'eager@example.com' })).toHaveLength(1);
    expect((await (await confirmedUser({ t, email: 'eager@example.com' })).post(`/api/project/invitationApproval/${token}`)).status).toBe(200);
  });

  it('answers a caller outside the project what it answers for a missing id, whatever the body', async () => {
    const added = await cast.agents.owner.post(`/api/project/${await emptyProject()}/permissions`).send({ email: 'probe@example.com', permission: 'admin' });
    const bodies = [
      (id: string) => ({ permissionId: id }),
      (id: string) => ({ permissionId: id, email: 'probe@example.com' }),
      (id: string) => ({ permissionId: id, email: 'probe@example.com', projectName: 'Fresh site', projectThumb: 'https://cdn.example.com/t.png' }),
      (id: string) => ({ permissionId: id, email: 'other@example.com' }),
    ];
    for (const body of bodies) {
      const missing = await cast.agents.stranger.post('/api/project/invite').send(body('no-such-permission'));
      expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: 'Invitation not found' });
      for (const outsider of ['stranger', 'widgetCollaborator'] as const) {
        const res = await cast.agents[outsider].post('/api/project/invite').send(body(added.body.data.permissionId as string));
        expect({ outsider, body: body('id'), status: res.status, message: res.body.message }).toEqual({ outsider, body: body('id'), status: 404, message: 'Invitation not found' });
      }
    }
    expect(await mailsTo({ ctx: t.ctx, to: 'probe@example.com' })).toHaveLength(0);
  });

  it('mails only pending invitations of the owner own projects', async () => {
    const { permissionIds } = await workspaceProject({ t, cast });
    expect((await cast.agents.owner.post('/api/project/invite').send({ permissionId: permissionIds.viewer })).status).toBe(404);
    const pending = await cast.agents.owner.post(`/api/project/${await emptyProject()}/permissions`).send({ email: 'p@example.com', permission: 'viewer' });
    const permissionId = pending.body.data.permissionId as string;
    expect((await cast.agents.stranger.post('/api/project/invite').send({ permissionId })).status).toBe(404);
    expect((await cast.agents.owner.post('/api/project/invite').send({ permissionId, email: 'other@example.com' })).status).toBe(404);
  });

  // Last in the file: the clock it moves past the invitation's life also ends every session it signed in.
  it('refuses an expired link and an unknown one', async () => {
    const projectId = await emptyProject();
    const { token } = await invite({ projectId, email: 'late@example.com' });
    t.advance(INVITATION_TTL_MS + 1000);
    const expired = await cast.agents.anonymous.get(`/api/project/invitationApproval/${token}`);
    expect({ status: expired.status, message: expired.body.message }).toEqual({ status: 400, message: INVITATION_INVALID });
    expect((await cast.agents.anonymous.get('/api/project/invitationApproval/unknown-token')).status).toBe(400);
  });
});
