// Add User (spec 003 "Project permissions page"): email and permission (viewer by default),
// then the invitation mail. Over the plan's collaborators the upgrade popup opens instead.
// An empty email is refused in the form with the spec's 'Email required', before any call.
import type { CustomValidator } from '@rjsf/utils';
import { addProjectPermission, inviteProjectUser } from '../../../../../generated/client/sdk.gen';
import type { Project, ProjectPermissionInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { WORKSPACE_MESSAGES } from '../../../../../rules/workspace-roles';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { isPlanLimit, PROJECT_TEXTS } from './plan-limit';
import { ProjectPermissionInputSchema } from '../../../../../generated/schemas/ProjectPermissionInput';

const INITIAL: ProjectPermissionInput = { email: '', permission: 'viewer' };

const validate: CustomValidator<ProjectPermissionInput> = (data, errors) => {
  if (!data?.email?.trim()) errors.email?.addError(WORKSPACE_MESSAGES.emailRequired);
  return errors;
};

export function AddUserPopup({ open, project, onClose, onAdded, onPlanLimit }: { open: boolean; project: Project; onClose: () => void; onAdded: () => Promise<void>; onPlanLimit: () => void }) {
  const submit = async (body: ProjectPermissionInput) => {
    const result = await addProjectPermission({ path: { projectId: project.projectId }, body });
    if (isPlanLimit(result.error)) {
      onClose();
      onPlanLimit();
      return { message: '' };
    }
    const added = await callApi(result);
    const email = added.data.userDetails.email;
    const mailed = await callApi(inviteProjectUser({ body: { permissionId: added.data.permissionId, email, projectName: project.name, ...(project.thumbnail ? { projectThumb: project.thumbnail } : {}) } }));
    await onAdded();
    return { message: `${mailed.message}: ${email}` };
  };
  return (
    <ResourceFormPopup<ProjectPermissionInput>
      open={open}
      title="Add User"
      entry={ProjectPermissionInputSchema}
      formData={INITIAL}
      submitText="Send Invite"
      toasts={{ success: ({ message }) => message, error: PROJECT_TEXTS.failure }}
      customValidate={validate}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
