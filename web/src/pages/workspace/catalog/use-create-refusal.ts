// Creating a widget from Discover or the catalog needs admin in the project (spec 003 section 6):
// a member below it is refused before the editor opens, with the spec's words. Outside project
// pages (and among the uncategorized widgets, the caller's own) the check is skipped.
import { useQuery } from '@tanstack/react-query';
import { getProjectOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { canDo, UNCATEGORIZED, WORKSPACE_MESSAGES } from '../../../../../rules/workspace-roles';

export type CreateCheck = { pending: boolean; refusal?: string };

export function useCreateRefusal(projectId: string | null | undefined): CreateCheck {
  const inProject = Boolean(projectId) && projectId !== UNCATEGORIZED;
  const { data, isPending } = useQuery({ ...getProjectOptions({ path: { projectId: projectId ?? '' } }), enabled: inProject });
  if (!inProject) return { pending: false };
  if (isPending) return { pending: true };
  // A project that could not be read leaves the decision to the server, which checks every create.
  const role = data?.data.userProjectRole;
  return !role || canDo({ role, action: 'createWidget' }) ? { pending: false } : { pending: false, refusal: WORKSPACE_MESSAGES.cannotCreateWidget };
}
