// Signed-in frame of the widget platform: the projects-variant sidebar of spec 003 and
// the page on the right. Signed-out visitors never get here (RequireSession).
import { Link, NavLink, Outlet, useMatch } from 'react-router';
import { PRICING_PATH } from '../pages/workspace/projects/plan-limit';
import { ProjectSidebar } from '../pages/workspace/projects/ProjectSidebar';
import { useHasSharedWidgets } from '../pages/workspace/widgets/use-widget-summary';
import { AppFrame } from './AppFrame';
import { MainLandmark } from './main-landmark';
import { BrandMark } from './BrandMark';
import { Icon } from './icons';
import { accountLinks, DASHBOARD, externalLinks, shownWorkspaceLinks } from './sidebar-links';
import type { SidebarLink } from './sidebar-links';
import { useSignOut } from './use-sign-out';
import type { SessionUser } from './RequireSession';

const navClass = ({ isActive }: { isActive: boolean }): string => `sidebar__link${isActive ? ' is-active' : ''}`;

function SidebarItem({ link }: { link: SidebarLink }) {
  if (link.external) {
    return (
      <a className="sidebar__link" href={link.to} target="_blank" rel="noopener noreferrer">
        <Icon name={link.icon} />
        {link.label}
      </a>
    );
  }
  return (
    <NavLink className={navClass} to={link.to}>
      <Icon name={link.icon} />
      {link.label}
    </NavLink>
  );
}

function UpgradeLink() {
  return (
    <Link className="sidebar__upgrade" to={PRICING_PATH}>
      <Icon name="bolt" />
      Upgrade
    </Link>
  );
}

function WorkspaceSidebar() {
  const hasSharedWidgets = useHasSharedWidgets();
  return (
    <>
      <div className="sidebar__group">
        {shownWorkspaceLinks({ hasSharedWidgets }).map((link) => (
          <SidebarItem key={link.to} link={link} />
        ))}
      </div>
      <div className="sidebar__group sidebar__group--muted">
        {externalLinks.map((link) => (
          <SidebarItem key={link.label} link={link} />
        ))}
      </div>
      <div className="sidebar__spacer" />
      <UpgradeLink />
    </>
  );
}

export function UserShell({ user }: { user: SessionUser }) {
  const signOut = useSignOut('/login');
  // Inside a project the sidebar is the project's (spec 003 "Sidebar (inside a project)").
  const inProject = useMatch(`${DASHBOARD}/projects/:projectId/*`);
  const brand = (
    <Link to={DASHBOARD} className="sidebar__home">
      <BrandMark />
    </Link>
  );
  return (
    <AppFrame
      brand={brand}
      sidebar={
        <nav className="sidebar" aria-label="Dashboard">
          <div className="sidebar__brand">{brand}</div>
          {inProject?.params.projectId ? <ProjectSidebar projectId={inProject.params.projectId} upgrade={<UpgradeLink />} /> : <WorkspaceSidebar />}
          <div className="sidebar__group">
            {accountLinks.map((link) => (
              <SidebarItem key={link.to} link={link} />
            ))}
          </div>
          <div className="sidebar__user">
            <span className="sidebar__avatar" aria-hidden="true">
              {user.thumbnail ? <img src={user.thumbnail} alt="" /> : (user.fullName || user.email).charAt(0).toUpperCase()}
            </span>
            <span className="sidebar__who">
              <strong>{user.fullName}</strong>
              <small>{user.email}</small>
            </span>
            <button type="button" className="sidebar__signout" onClick={signOut} aria-label="Sign out" title="Sign out">
              <Icon name="logout" />
            </button>
          </div>
        </nav>
      }
    >
      <MainLandmark>
        <Outlet />
      </MainLandmark>
    </AppFrame>
  );
}
