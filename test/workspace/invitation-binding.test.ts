// Invitations are bound to the invited address (issue 19): only a confirmed account with that
// email approves a mailed link; another account is refused and the invitation stays pending, a
// resent link keeps the binding, and the page learns, signed out, whom the link invites.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { mailsTo, signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { confirmedUser, workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';
import { INVITATION_FOR_ANOTHER_ACCOUNT, INVITATION_INVALID, INVITATION_NEEDS_CONFIRMED_EMAIL } from '../../server/services/workspace/invitation-approval';
import { RESEND_INTERVAL_MS } from '../../server/services/workspace/invitation-tokens';
import { projectPermissions, projects, widgetPermissions } from '../../server/services/workspace/model';
import type { TestApp } from '../helpers/test-app';

interface Invited {
  permissionId: string;
  token: string;
  /** The invited account can reach what it was invited to. */
  reaches: (agent: Agent) => Promise<boolean>;
}

interface Kind {
  /** Adds the address as an admin (project) or editor (widget) and mails the link. */
  invite: (input: { t: TestApp; cast: WorkspaceCast; email: string }) => Promise<Invited>;
  resend: (input: { t: TestApp; cast: WorkspaceCast; permissionId: string }) => Promise<string>;
  approvalPath: (token: string) => string;
  status: (input: { t: TestApp; permissionId: string }) => Promise<string | undefined>;
}

async function lastToken({ t, to, link }: { t: TestApp; to: string; link: string }): Promise<string> {
  const pattern = new RegExp(`${t.ctx.config.publicUrl}${link}([A-Za-z0-9_-]+)`);
  const tokens = (await mailsTo({ ctx: t.ctx, to })).flatMap((mail) => pattern.exec(mail.text)?.[1] ?? []);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

const KINDS: Record<'project' | 'widget', Kind> = {
  project: {
    invite: async ({ t, cast, email }) => {
      const now = t.ctx.now().toISOString();
      const project = await projects(t.ctx).insertOne({ _id: randomUUID(), ownerId: cast.userIds.owner, name: 'Bound site', domains: [], created: now, updated: now });
      const added = await cast.agents.owner.post(`/api/project/${project._id}/permissions`).send({ email, permission: 'admin' });
      const permissionId = added.body.data.permissionId as string;
      expect((await cast.agents.owner.post('/api/project/invite').send({ permissionId, email })).status).toBe(200);
      const token = await lastToken({ t, to: email.toLowerCase(), link: '/project/invitation/' });
      return { permissionId, token, reaches: async (agent) => (await agent.get(`/api/project/${project._id}`)).status === 200 };
    },
    resend: async ({ t, cast, permissionId }) => {
      await projectPermissions(t.ctx).updateOne({ _id: permissionId }, { $set: { mailedAt: new Date(t.ctx.now().getTime() - RESEND_INTERVAL_MS).toISOString() } });
      t.advance(1000);
      expect((await cast.agents.owner.post('/api/project/invite').send({ permissionId })).status).toBe(200);
      const permission = await projectPermissions(t.ctx).findOne({ _id: permissionId });
      return lastToken({ t, to: permission?.email ?? '', link: '/project/invitation/' });
    },
    approvalPath: (token) => `/api/project/invitationApproval/${token}`,
    status: async ({ t, permissionId }) => (await projectPermissions(t.ctx).findOne({ _id: permissionId }))?.status,
  },
  widget: {
    invite: async ({ t, cast, email }) => {
      const { guid } = await workspaceProject({ t, cast });
      const added = await cast.agents.owner.post(`/api/v1/plugin/${guid}/permission`).send({ userDetails: { email }, role: 'editor' });
      const permissionId = added.body.data.permissionId as string;
      expect((await cast.agents.owner.post('/api/component/invite').send({ permissionId })).status).toBe(200);
      const token = await lastToken({ t, to: email.toLowerCase(), link: '/invitation/' });
      return { permissionId, token, reaches: async (agent) => (await agent.get(`/api/v1/plugin/${guid}`)).status === 200 };
    },
    resend: async ({ t, cast, permissionId }) => {
      await widgetPermissions(t.ctx).updateOne({ _id: permissionId }, { $set: { mailedAt: new Date(t.ctx.now().getTime() - RESEND_INTERVAL_MS).toISOString() } });
      t.advance(1000);
      expect((await cast.agents.owner.post('/api/component/invite').send({ permissionId })).status).toBe(200);
      const permission = await widgetPermissions(t.ctx).findOne({ _id: permissionId });
      return lastToken({ t, to: permission?.email ?? '', link: '/invitation/' });
    },
    approvalPath: (token) => `/api/user/invitationApproval/${token}`,
    status: async ({ t, permissionId }) => (await widgetPermissions(t.ctx).findOne({ _id: permissionId }))?.status,
  },
};

describe.each(Object.entries(KINDS))('%s invitations bound to the invited address', (_kind, kind) => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  let intruder: Agent;
  let counter = 0;
  beforeAll(async () => {
    cast = await workspaceCast(t);
    intruder = await confirmedUser({ t, email: 'intruder@bound.test' });
  });
  const address = (): string => `invitee${(counter += 1)}@bound.test`;

  it('refuses another signed-in account with 403, keeps the invitation pending, and lets the invited account approve in any case', async () => {
    const email = address();
    const invited = await kind.invite({ t, cast, email: email.toUpperCase() });
    const refused = await intruder.post(kind.approvalPath(invited.token));
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: INVITATION_FOR_ANOTHER_ACCOUNT });
    expect(await kind.status({ t, permissionId: invited.permissionId })).toBe('pending');
    expect(await invited.reaches(intruder)).toBe(false);

    const invitee = await confirmedUser({ t, email: `${email.slice(0, 1).toUpperCase()}${email.slice(1)}` });
    expect((await invitee.post(kind.approvalPath(invited.token))).status).toBe(200);
    expect(await invited.reaches(invitee)).toBe(true);
    expect(await invited.reaches(intruder)).toBe(false);
  });

  it('refuses the invited address before its email is confirmed, then approves once it is', async () => {
    const email = address();
    const invited = await kind.invite({ t, cast, email });
    const unconfirmed = await signedInUser({ t, email });
    const refused = await unconfirmed.post(kind.approvalPath(invited.token));
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: INVITATION_NEEDS_CONFIRMED_EMAIL });
    expect(await kind.status({ t, permissionId: invited.permissionId })).toBe('pending');

    const confirmation = /\/confirm\/([A-Za-z0-9_-]+)/.exec((await mailsTo({ ctx: t.ctx, to: email })).map((mail) => mail.text).join('\n'))?.[1];
    expect((await request(t.app).post(`/api/user/emailConfirmation/${confirmation}`)).status).toBe(200);
    expect((await unconfirmed.post(kind.approvalPath(invited.token))).status).toBe(200);
  });

  it('keeps the binding on a resent link', async () => {
    const email = address();
    const invited = await kind.invite({ t, cast, email });
    const resent = await kind.resend({ t, cast, permissionId: invited.permissionId });
    expect((await intruder.post(kind.approvalPath(resent))).status).toBe(403);
    const invitee = await confirmedUser({ t, email });
    expect((await invitee.post(kind.approvalPath(invited.token))).status).toBe(400);
    expect((await invitee.post(kind.approvalPath(resent))).status).toBe(200);
  });

  it('tells a signed-out visitor whom the link invites, and whether to log in or sign up', async () => {
    const email = address();
    const invited = await kind.invite({ t, cast, email });
    const before = await request(t.app).get(kind.approvalPath(invited.token));
    expect({ status: before.status, data: before.body.data }).toEqual({ status: 200, data: { email, hasAccount: false } });
    const invitee = await confirmedUser({ t, email });
    expect((await request(t.app).get(kind.approvalPath(invited.token))).body.data).toEqual({ email, hasAccount: true });

    await invitee.post(kind.approvalPath(invited.token));
    for (const token of [invited.token, 'not-a-real-token']) {
      const gone = await request(t.app).get(kind.approvalPath(token));
      expect({ status: gone.status, message: gone.body.message }).toEqual({ status: 400, message: INVITATION_INVALID });
    }
  });
});
