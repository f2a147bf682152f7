// The create popup of My Projects: SchemaForm on ProjectCreateInput. Over the plan's websites
// the popup closes and the upgrade popup opens instead of an error.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { createProject } from '../../../../../generated/client/sdk.gen';
import type { ProjectCreateInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { refreshOperations } from '../../../components/resource/use-resource';
import { isPlanLimit, projectPath } from './plan-limit';
import { ProjectCreateInputSchema } from '../../../../../generated/schemas/ProjectCreateInput';

export function CreateProjectPopup({ open, onClose, onPlanLimit }: { open: boolean; onClose: () => void; onPlanLimit: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const submit = async (body: ProjectCreateInput) => {
    const result = await createProject({ body });
    if (isPlanLimit(result.error)) {
      onClose();
      onPlanLimit();
      return { message: '' };
    }
    const created = await callApi(result);
    await refreshOperations(client, ['listProjects']);
    void navigate(projectPath(created.data.projectId));
    return created;
  };
  return (
    <ResourceFormPopup<ProjectCreateInput>
      open={open}
      title="Create a new project"
      entry={ProjectCreateInputSchema}
      submitText="Create project"
      toasts={{ success: ({ message }) => message }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
