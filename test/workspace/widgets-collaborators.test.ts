// Widget collaborators (spec 003 sections 5 and 7): invite by email (pending approval), the
// mailed single-use link, approval by the invited account, the shared list, removal.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { confirmedUser, emailOf, workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';
import { INVITATION_SENT_AGAIN, INVITATION_TTL_MS, RESEND_INTERVAL_MS, resendTooSoon } from '../../server/services/workspace/invitation-tokens';
import { widgetPermissions } from '../../server/services/workspace/model';

const INVITED = 'guest@collab.test';

describe('widget collaborators', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  let guest: Agent;
  beforeAll(async () => {
    cast = await workspaceCast(t);
    guest = await confirmedUser({ t, email: INVITED });
  });

  const invite = (agent: Agent, guid: string, body: Record<string, unknown>) => agent.post(`/api/v1/plugin/${guid}/permission`).send(body);

  async function mailedLinkTokens(to: string): Promise<string[]> {
    const link = new RegExp(`${t.ctx.config.publicUrl}/invitation/([A-Za-z0-9_-]+)`);
    return (await mailsTo({ ctx: t.ctx, to })).flatMap((mail) => link.exec(mail.text)?.[1] ?? []);
  }

  async function mailedLinkToken(to: string): Promise<string> {
    // The test clock stands still, so mails of one address may share their time: take any invitation.
    const [token] = await mailedLinkTokens(to);
    if (!token) throw new Error(`no invitation mailed to ${to}`);
    return token;
  }

  it('invites, mails the link, and the invited account approves it once and sees the widget shared', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const added = await invite(cast.agents.admin, guid, { componentId: guid, userDetails: { email: 'Guest@Collab.test', name: 'Guest' }, userId: 'ignored' });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ role: 'viewer', status: 'pending', userDetails: { email: INVITED, name: 'Guest' } });
    const { permissionId } = added.body.data;

    const sent = await cast.agents.admin.post('/api/component/invite').send({ permissionId, email: INVITED, componentName: 'Pricing table', componentThumb: '' });
    expect(sent.status).toBe(200);
    const mails = await mailsTo({ ctx: t.ctx, to: INVITED });
    expect(mails.some((mail) => mail.subject.includes('the widget "Pricing table"'))).toBe(true);
    const token = await mailedLinkToken(INVITED);

    const approved = await guest.post(`/api/user/invitationApproval/${token}`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ data: { componentId: guid, name: 'Pricing table' }, message: 'You now have access to the widget Pricing table.' });
    const again = await guest.post(`/api/user/invitationApproval/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This invitation link is invalid or has expired.');

    const shared = await guest.get('/api/component/shared');
    expect(shared.body.data).toMatchObject({ total: 1, limit: 10 });
    expect(shared.body.data.docs[0]).toMatchObject({ guid, role: 'viewer' });
    expect((await guest.get(`/api/v1/plugin/${guid}`)).status).toBe(200);
  });

  it('lists collaborators with the spec page shape, pending ones included', async () => {
    const { guid } = await workspaceProject({ t, cast });
    await invite(cast.agents.owner, guid, { userDetails: { email: 'x@collab.test' }, role: 'analyst' });
    const res = await cast.agents.admin.get(`/api/v1/plugin/${guid}/permission?limit=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, total: 2, pages: 2, limit: 1 });
    expect(res.body.data.docs[0]).toMatchObject({ role: 'editor', status: 'active', userDetails: { email: emailOf('widgetCollaborator') } });
  });

  it.each([
    ['no parameters: oldest first', '', ['widgetcollaborator@workspace.test', 'b@collab.test', 'a@collab.test'], { total: 3, pages: 1, limit: 10 }],
    ['the second page of two', '?limit=2&page=2', ['a@collab.test'], { total: 3, page: 2, pages: 2 }],
    ['search on the email', '?search=A%40COLLAB', ['a@collab.test'], { total: 1 }],
    ['search on the name', '?search=bea', ['b@collab.test'], { total: 1 }],
    ['sort by email', `?sort=${encodeURIComponent('{"email":1}')}`, ['a@collab.test', 'b@collab.test', 'widgetcollaborator@workspace.test'], { total: 3 }],
    ['sort by status then page', `?sort=${encodeURIComponent('{"status":1}')}&limit=1`, ['widgetcollaborator@workspace.test'], { total: 3, pages: 3 }],
  ])('pages, searches and sorts the collaborators: %s', async (_scenario, queryString, emails, page) => {
    const { guid } = await workspaceProject({ t, cast });
    // Invited one and two seconds after the fixture's collaborator (the app clock stays put: sessions age with it).
    for (const [second, email, name] of [[1, 'b@collab.test', 'Bea'], [2, 'a@collab.test', 'Al']] as const) {
      const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email, name } })).body.data;
      await widgetPermissions(t.ctx).updateOne({ _id: permissionId }, { $set: { created: new Date(t.ctx.now().getTime() + second * 1000).toISOString() } });
    }
    const res = await cast.agents.admin.get(`/api/v1/plugin/${guid}/permission${queryString}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(page);
    expect(res.body.data.docs.map((row: { userDetails: { email: string } }) => row.userDetails.email)).toEqual(emails);
  });

  it('resends a pending invitation: a fresh link works, the earlier one is refused, a second resend within a minute is 429', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 'again@collab.test' } })).body.data;
    expect((await cast.agents.owner.post('/api/component/invite').send({ permissionId })).body.message).toBe('Invitation sent');
    const first = await mailedLinkToken('again@collab.test');
    const invitee = await confirmedUser({ t, email: 'again@collab.test' });
    const tooSoon = await cast.agents.admin.post('/api/component/invite').send({ permissionId });
    expect({ status: tooSoon.status, message: tooSoon.body.message }).toEqual({ status: 429, message: resendTooSoon(60) });

    const mailedAt = new Date(t.ctx.now().getTime() - RESEND_INTERVAL_MS).toISOString();
    await widgetPermissions(t.ctx).updateOne({ _id: permissionId }, { $set: { mailedAt } });
    const resent = await cast.agents.admin.post('/api/component/invite').send({ permissionId });
    expect({ status: resent.status, message: resent.body.message }).toEqual({ status: 200, message: INVITATION_SENT_AGAIN });
    const tokens = await mailedLinkTokens('again@collab.test');
    expect(tokens).toHaveLength(2);
    const second = tokens.find((token) => token !== first) ?? '';
    expect((await invitee.post(`/api/user/invitationApproval/${first}`)).status).toBe(400);
    expect((await invitee.post(`/api/user/invitationApproval/${second}`)).status).toBe(200);
  });

  it('never answers the invitation token hash in the list', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 'hash@collab.test' } })).body.data;
    await cast.agents.owner.post('/api/component/invite').send({ permissionId });
    const res = await cast.agents.owner.get(`/api/v1/plugin/${guid}/permission`);
    expect(JSON.stringify(res.body)).not.toMatch(/tokenHash|tokenExpires|mailedAt/);
  });

  it.each([
    [{ userDetails: {} }, 'userDetails.email', 'Email is required'],
    [{ userDetails: { email: '' } }, 'userDetails.email', 'Email is required'],
    [{ userDetails: { email: 'not-an-email' } }, 'userDetails.email', 'Email must be a valid email'],
    [{ userDetails: { email: 'a@b.test' }, role: 'admin' }, 'role', 'Role must be one of the allowed values'],
  ])('refuses %j', async (body, field, message) => {
    const { guid } = await workspaceProject({ t, cast });
    const res = await invite(cast.agents.owner, guid, body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('answers 409 for an email already invited and 400 for another widget id', async () => {
    const { guid } = await workspaceProject({ t, cast });
    expect((await invite(cast.agents.owner, guid, { userDetails: { email: emailOf('widgetCollaborator') } })).status).toBe(409);
    expect((await invite(cast.agents.owner, guid, { componentId: 'other', userDetails: { email: 'n@collab.test' } })).status).toBe(400);
  });

  it.each(['viewer', 'editor', 'widgetCollaborator'] as const)('refuses %s managing collaborators (403)', async (identity) => {
    const { guid, widgetPermissionId } = await workspaceProject({ t, cast });
    expect((await invite(cast.agents[identity], guid, { userDetails: { email: 'n@collab.test' } })).status).toBe(403);
    expect((await cast.agents[identity].get(`/api/v1/plugin/${guid}/permission`)).status).toBe(403);
    expect((await cast.agents[identity].delete(`/api/v1/plugin/${guid}/permission/${widgetPermissionId}`)).status).toBe(403);
  });

  it('deletes a pending invitation, whose link then fails', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 'late@collab.test' } })).body.data;
    await cast.agents.owner.post('/api/component/invite').send({ permissionId });
    const token = await mailedLinkToken('late@collab.test');
    expect((await cast.agents.owner.post('/api/component/deleteInvite').send({ permissionId })).status).toBe(200);
    expect((await cast.agents.owner.post('/api/component/deleteInvite').send({ permissionId })).status).toBe(404);
    expect((await guest.post(`/api/user/invitationApproval/${token}`)).status).toBe(400);
  });

  it('refuses to re-send or cancel an accepted invitation (409) and removes the collaborator', async () => {
    const { guid, widgetPermissionId } = await workspaceProject({ t, cast });
    expect((await cast.agents.owner.post('/api/component/invite').send({ permissionId: widgetPermissionId })).status).toBe(409);
    expect((await cast.agents.owner.post('/api/component/deleteInvite').send({ permissionId: widgetPermissionId })).status).toBe(409);
    expect((await cast.agents.owner.delete(`/api/v1/plugin/${guid}/permission/${widgetPermissionId}`)).status).toBe(200);
    expect((await cast.agents.widgetCollaborator.get(`/api/v1/plugin/${guid}`)).status).toBe(404);
    expect((await cast.agents.owner.delete(`/api/v1/plugin/${guid}/permission/${widgetPermissionId}`)).status).toBe(404);
  });

  it('404s an unknown permission and a stranger sending an invitation', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 's@collab.test' } })).body.data;
    expect((await cast.agents.owner.post('/api/component/invite').send({ permissionId: 'nope' })).body.message).toBe('Permission not found');
    expect((await cast.agents.stranger.post('/api/component/invite').send({ permissionId })).status).toBe(404);
  });

  it.each([
    ['resending', '/api/component/invite'],
    ['cancelling', '/api/component/deleteInvite'],
  ])('answers a caller outside the widget what it answers for a missing id when %s', async (_action, path) => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 'probe@collab.test' } })).body.data;
    const missing = await cast.agents.stranger.post(path).send({ permissionId: 'no-such-permission' });
    const outside = await cast.agents.stranger.post(path).send({ permissionId });
    expect({ status: outside.status, message: outside.body.message }).toEqual({ status: missing.status, message: missing.body.message });
    expect(missing.status).toBe(404);
    expect(await widgetPermissions(t.ctx).findOne({ _id: permissionId })).toMatchObject({ status: 'pending' });
  });

  it('needs a session to approve', async () => {
    expect((await request(t.app).post('/api/user/invitationApproval/whatever')).status).toBe(401);
  });

  it('lists only active shared widgets, searched by name', async () => {
    await workspaceProject({ t, cast });
    const res = await cast.agents.widgetCollaborator.get('/api/component/shared').query({ search: 'pricing', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.limit).toBe(2);
    expect(res.body.data.docs.every((row: { name: string; role: string }) => row.name === 'Pricing table' && row.role === 'editor')).toBe(true);
    expect((await cast.agents.stranger.get('/api/component/shared')).body.data.total).toBe(0);
  });

  // Last in the file: the clock it moves past the invitation's life also ends every session it signed in.
  it('expires the link', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const { permissionId } = (await invite(cast.agents.owner, guid, { userDetails: { email: 'old@collab.test' } })).body.data;
    await cast.agents.owner.post('/api/component/invite').send({ permissionId });
    const token = await mailedLinkToken('old@collab.test');
    t.advance(INVITATION_TTL_MS + 1000);
    expect((await request(t.app).get(`/api/user/invitationApproval/${token}`)).status).toBe(400);
  });
});
