// Update Permission: ProjectPermissionRoleInput filled from the row (formValuesOf); the call goes
// out only when a value changed, with what the form holds.
import { updateProjectPermission } from '../../../../../generated/client/sdk.gen';
import type { ProjectPermission, ProjectPermissionRoleInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { PROJECT_TEXTS } from './plan-limit';
import { ProjectPermissionRoleInputSchema } from '../../../../../generated/schemas/ProjectPermissionRoleInput';


/** Whether the form holds what the row already held. */
const unchanged = ({ sent, start }: { sent: object; start: object }): boolean =>
  JSON.stringify(Object.entries(sent).sort()) === JSON.stringify(Object.entries(start).sort());

export function UpdatePermissionPopup({ projectId, permission, onClose, onSaved }: { projectId: string; permission: ProjectPermission | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const start = permission ? formValuesOf<ProjectPermissionRoleInput>({ schema: schemaOf(ProjectPermissionRoleInputSchema), record: permission }) : undefined;
  const submit = async (body: ProjectPermissionRoleInput) => {
    if (!permission || unchanged({ sent: body, start: start ?? {} })) return { message: 'The permission is unchanged' };
    const answer = await callApi(updateProjectPermission({ path: { projectId, permissionId: permission.permissionId }, body }));
    await onSaved();
    return answer;
  };
  return (
    <ResourceFormPopup<ProjectPermissionRoleInput>
      open={permission !== null}
      title={`Update Permission${permission ? ` of ${permission.userDetails.email}` : ''}`}
      entry={ProjectPermissionRoleInputSchema}
      formData={start}
      toasts={{ success: ({ message }) => message, error: PROJECT_TEXTS.failure }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
