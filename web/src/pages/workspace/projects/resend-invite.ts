// Resend invite on a "pending approval" row: the spec's invite call again, which mails a fresh
// link (the earlier one stops working). The server's message is the toast ('Invitation sent
// again', or the wait when mailed less than a minute ago).
import { toast } from 'sonner';
import { inviteProjectUser } from '../../../../../generated/client/sdk.gen';
import type { Project, ProjectPermission } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { FALLBACK_MESSAGE, toFormFailure } from '../../../../../forms/server-errors';
import { PROJECT_TEXTS } from './plan-limit';

export async function resendProjectInvite({ project, permission }: { project: Project; permission: ProjectPermission }): Promise<void> {
  const email = permission.email ?? permission.userDetails.email;
  try {
    const mailed = await callApi(inviteProjectUser({ body: { permissionId: permission.permissionId, email, projectName: project.name, ...(project.thumbnail ? { projectThumb: project.thumbnail } : {}) } }));
    toast.success(`${mailed.message}: ${email}`);
  } catch (thrown) {
    const { message } = toFormFailure(thrown);
    toast.error(message && message !== FALLBACK_MESSAGE ? message : PROJECT_TEXTS.failure);
  }
}
