// Update Permission: the row's role in a popup; the call goes out only when the role changed.
import { updateProjectPermission } from '../../../../../generated/client/sdk.gen';
import type { ProjectPermission, ProjectPermissionRoleInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { PROJECT_TEXTS } from './plan-limit';

export function UpdatePermissionPopup({ projectId, permission, onClose, onSaved }: { projectId: string; permission: ProjectPermission | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const submit = async (body: ProjectPermissionRoleInput) => {
    if (!permission || body.role === permission.role) return { message: 'The permission is unchanged' };
    const answer = await callApi(updateProjectPermission({ path: { projectId, permissionId: permission.permissionId }, body }));
    await onSaved();
    return answer;
  };
  return (
    <ResourceFormPopup<ProjectPermissionRoleInput>
      open={permission !== null}
      title={`Update Permission${permission ? ` of ${permission.userDetails.email}` : ''}`}
      schemaName="ProjectPermissionRoleInput"
      formData={permission ? { role: permission.role } : undefined}
      toasts={{ success: ({ message }) => message, error: PROJECT_TEXTS.failure }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
