// The projects' cards on My Projects and Shared Projects: the engine's cards of Project (what a
// card shows is the document's, x-ui.card), each leading to the project, with the collaborators'
// avatar stack at its foot (at most 4, spec 003 section 9).
import type { Project, ProjectUser } from '../../../../../generated/client/types.gen';
import { countOf } from '../../../../../rules/plural';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { projectPath } from './plan-limit';
import { ProjectSchema } from '../../../../../generated/schemas/Project';

export const AVATAR_STACK_MAX = 4;

const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';

export function AvatarStack({ users }: { users: ProjectUser[] }) {
  if (users.length === 0) return null;
  const shown = users.slice(0, AVATAR_STACK_MAX);
  return (
    <span className="avatar-stack" aria-label={countOf({ count: users.length, one: 'collaborator' })}>
      {shown.map((user, i) => (
        <span key={`${user.fullName}-${i}`} className="avatar-stack__item" title={user.fullName}>
          {user.thumbnail ? <img src={user.thumbnail} alt="" /> : initialOf(user.fullName)}
        </span>
      ))}
      {users.length > shown.length ? <span className="avatar-stack__item avatar-stack__more">+{users.length - shown.length}</span> : null}
    </span>
  );
}

export function ProjectThumb({ project, size = 'lg' }: { project: Pick<Project, 'name' | 'thumbnail'>; size?: 'sm' | 'lg' }) {
  return (
    <span className={`project-thumb project-thumb--${size}`} aria-hidden="true">
      {project.thumbnail ? <img src={project.thumbnail} alt="" /> : initialOf(project.name)}
    </span>
  );
}

export function ProjectCards({ projects, label }: { projects: ReadonlyArray<Project>; label: string }) {
  return (
    <ResourceCards<Project>
      entry={ProjectSchema}
      titleAs="h2"
      className="project-cards"
      label={label}
      records={projects}
      idOf={(project) => project.projectId}
      href={(project) => projectPath(project.projectId)}
      extra={(project) => <AvatarStack users={project.users} />}
    />
  );
}
