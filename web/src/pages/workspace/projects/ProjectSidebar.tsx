// The sidebar inside a project (spec 003): Back to Projects, the project's thumbnail, name and
// the caller's role, its pages (media, settings and permissions not for "uncategorized"), and
// Upgrade for the owner only.
import type { ReactNode } from 'react';
import { NavLink, useMatch } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getProjectOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { UNCATEGORIZED } from '../../../../../rules/workspace-roles';
import { Icon } from '../../../layouts/icons';
import type { IconName } from '../../../layouts/icons';
import { ProjectThumb } from './ProjectCard';
import './projects.css';
import { PROJECTS_PATH, projectPath } from './plan-limit';
import { declaredLinks } from '../../declared/menu';

interface ProjectLink {
  page: string;
  label: string;
  icon: IconName;
}

const ALWAYS: ProjectLink[] = [
  { page: 'widgets', label: 'Widgets', icon: 'widgets' },
  { page: 'catalog', label: 'Widget catalog', icon: 'catalog' },
];
const REAL_PROJECT_ONLY: ProjectLink[] = [
  { page: 'media-manager', label: 'Media manager', icon: 'media' },
  { page: 'settings', label: 'Project settings', icon: 'settings' },
  { page: 'permissions', label: 'Permissions', icon: 'permissions' },
];

// Declared resources' screens (docs/extending.md), after the project's own pages.
const DECLARED: ProjectLink[] = declaredLinks('project').map(({ slug, label, icon }) => ({ page: slug, label, icon }));

const navClass = (active: boolean): string => `sidebar__link${active ? ' is-active' : ''}`;

export function ProjectSidebar({ projectId, upgrade }: { projectId: string; upgrade: ReactNode }) {
  const { data } = useQuery(getProjectOptions({ path: { projectId } }));
  // The widgets list is also the project's root page.
  const atRoot = useMatch(projectPath(projectId)) !== null;
  const project = data?.data;
  const links = projectId === UNCATEGORIZED ? ALWAYS : [...ALWAYS, ...REAL_PROJECT_ONLY, ...DECLARED];
  return (
    <>
      <div className="sidebar__group">
        <NavLink className="sidebar__link" to={PROJECTS_PATH} end>
          <Icon name="back" />
          Back to Projects
        </NavLink>
      </div>
      <div className="sidebar__project" aria-label="Project">
        <ProjectThumb project={project ?? { name: '' }} size="sm" />
        <span className="sidebar__who">
          <strong>{project?.name ?? ''}</strong>
          <small>{project?.userProjectRole ?? ''}</small>
        </span>
      </div>
      <div className="sidebar__group">
        {links.map((link) => (
          <NavLink key={link.page} className={({ isActive }) => navClass(isActive || (atRoot && link.page === 'widgets'))} to={projectPath(projectId, link.page)}>
            <Icon name={link.icon} />
            {link.label}
          </NavLink>
        ))}
      </div>
      <div className="sidebar__spacer" />
      {project?.userProjectRole === 'owner' && projectId !== UNCATEGORIZED ? upgrade : null}
    </>
  );
}
