// The projects a widget may move to (spec 003: "Move to", only when other projects exist): the
// user's own and shared projects where they may create widgets, other than the widget's own.
import { useQuery } from '@tanstack/react-query';
import { listProjectsOptions, listSharedProjectsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { Project } from '../../../../../generated/client/types.gen';
import { canDo } from '../../../../../rules/workspace-roles';

export function useMoveTargets(projectId: string): Project[] {
  const own = useQuery(listProjectsOptions());
  const shared = useQuery(listSharedProjectsOptions());
  return [...(own.data?.data ?? []), ...(shared.data?.data ?? [])].filter(
    (project) => project.projectId !== projectId && canDo({ role: project.userProjectRole, action: 'createWidget' }),
  );
}
