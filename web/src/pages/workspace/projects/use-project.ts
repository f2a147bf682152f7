// The project of the page's route (its :projectId) and the caller's role in it, shared by the
// in-project pages; the sidebar reads the same cached query.
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getProjectOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { canDo } from '../../../../../rules/workspace-roles';
import type { WorkspaceAction } from '../../../../../rules/workspace-roles';

export function useProject() {
  const { projectId = '' } = useParams();
  const query = useQuery(getProjectOptions({ path: { projectId } }));
  const project = query.data?.data;
  const may = (action: WorkspaceAction): boolean => canDo({ role: project?.userProjectRole, action });
  return { projectId, project, may, query };
}
