// Demo projects: two of the demo site owner's own (their All-in-One Pro plan allows 10 websites),
// the demo developer as an active admin and a pending invitation on the first, one project of the
// demo developer shared with the owner so Shared Projects has a row, and the free plan's one
// website for the free demo account, so its second project opens the upgrade popup.
// The widgets seed (server/demo/workspace-widgets.ts) fills them through DEMO_PROJECTS' ids.
// Idempotent: a project that exists is left as it is.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { projectPermissions, projects } from '../services/workspace/model';
import type { ProjectPermissionDoc } from '../services/workspace/model';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER, DEMO_OWNER } from './accounts';

export const DEMO_PROJECTS = {
  marketing: { _id: 'demo-project-marketing', name: 'Marketing site', domains: ['marketing.example.com'], ownerEmail: DEMO_OWNER.email },
  store: { _id: 'demo-project-store', name: 'Online store', domains: ['shop.example.com'], ownerEmail: DEMO_OWNER.email },
  portfolio: { _id: 'demo-project-portfolio', name: 'Developer portfolio', domains: ['portfolio.example.com'], ownerEmail: DEMO_DEVELOPER.email },
  bakery: { _id: 'demo-project-free-bakery', name: 'Corner bakery', domains: ['bakery.example.com'], ownerEmail: DEMO_FREE_OWNER.email },
} as const;

export const DEMO_PENDING_INVITEE = 'teammate@demo.nindo';

type DemoPermission = Pick<ProjectPermissionDoc, '_id' | 'projectId' | 'role' | 'status' | 'email'> & { holderEmail?: string; inviterEmail: string };

const PERMISSIONS: DemoPermission[] = [
  { _id: 'demo-permission-developer-admin', projectId: DEMO_PROJECTS.marketing._id, role: 'admin', status: 'active', email: DEMO_DEVELOPER.email, holderEmail: DEMO_DEVELOPER.email, inviterEmail: DEMO_OWNER.email },
  { _id: 'demo-permission-teammate', projectId: DEMO_PROJECTS.marketing._id, role: 'viewer', status: 'pending', email: DEMO_PENDING_INVITEE, inviterEmail: DEMO_OWNER.email },
  { _id: 'demo-permission-owner-editor', projectId: DEMO_PROJECTS.portfolio._id, role: 'editor', status: 'active', email: DEMO_OWNER.email, holderEmail: DEMO_OWNER.email, inviterEmail: DEMO_DEVELOPER.email },
];

const idOf = async ({ ctx, email }: { ctx: AppContext; email: string }): Promise<string | undefined> => (await findUserByEmail({ ctx, email }))?._id;

export async function seedWorkspaceProjects(ctx: AppContext): Promise<string[]> {
  const now = ctx.now().toISOString();
  for (const { _id, name, domains, ownerEmail } of Object.values(DEMO_PROJECTS)) {
    const ownerId = await idOf({ ctx, email: ownerEmail });
    if (!ownerId || (await projects(ctx).findOne({ _id }))) continue;
    await projects(ctx).insertOne({ _id, ownerId, name, domains: [...domains], created: now, updated: now });
  }
  for (const { holderEmail, inviterEmail, ...permission } of PERMISSIONS) {
    const invitedBy = await idOf({ ctx, email: inviterEmail });
    if (!invitedBy || (await projectPermissions(ctx).findOne({ _id: permission._id }))) continue;
    const userId = holderEmail ? await idOf({ ctx, email: holderEmail }) : undefined;
    await projectPermissions(ctx).insertOne({ ...permission, ...(userId ? { userId } : {}), invitedBy, created: now, updated: now });
  }
  return [
    `Workspace: ${DEMO_OWNER.email} owns "${DEMO_PROJECTS.marketing.name}" and "${DEMO_PROJECTS.store.name}"; ` +
      `"${DEMO_PROJECTS.portfolio.name}" of ${DEMO_DEVELOPER.email} is shared with them`,
    `Workspace: ${DEMO_FREE_OWNER.email} owns "${DEMO_PROJECTS.bakery.name}", the free plan's one website (a second project opens the upgrade popup)`,
  ];
}
