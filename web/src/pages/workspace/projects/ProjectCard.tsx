// A project's card on My Projects and Shared Projects: thumbnail, name, widget count and the
// collaborators' avatar stack (at most 4, spec 003 section 9).
import { Link } from 'react-router';
import type { Project, ProjectUser } from '../../../../../generated/client/types.gen';
import { countOf } from '../../../../../rules/plural';
import { projectPath } from './plan-limit';

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

export function ProjectCard({ project, showRole = false }: { project: Project; showRole?: boolean }) {
  const widgets = countOf({ count: project.totalComponents, one: 'widget' });
  return (
    <Link className="card project-card" to={projectPath(project.projectId)}>
      <ProjectThumb project={project} />
      <span className="project-card__body">
        <strong className="project-card__name">{project.name}</strong>
        <span className="project-card__meta">
          {widgets}
          {showRole ? ` · ${project.userProjectRole}` : ''}
        </span>
      </span>
      <AvatarStack users={project.users} />
    </Link>
  );
}
