import { NavLink } from 'react-router';
import { Icon } from '../../../layouts/icons';
import { declaredLinks } from '../../declared/menu';
import { APP_MENU, appPath } from './menu';

// Declared resources of the app scope (docs/extending.md), in a group after the spec's.
const DECLARED = declaredLinks('app');

const linkClass = ({ isActive }: { isActive: boolean }): string => `sidebar__link${isActive ? ' is-active' : ''}`;

export function SideMenu({ appId }: { appId: string }) {
  return (
    <nav className="sidebar__nav" aria-label="App menu">
      {APP_MENU.map((group, i) => (
        <div key={group.title ?? i} className="sidebar__group">
          {group.title && <h2 className="sidebar__heading">{group.title}</h2>}
          {group.items.map((item) => (
            <NavLink key={item.page} to={appPath(appId, item.page)} className={linkClass}>
              <Icon name={item.icon} />
              {item.label}
            </NavLink>
          ))}
        </div>
      ))}
      {DECLARED.length > 0 && (
        <div className="sidebar__group">
          {DECLARED.map((link) => (
            <NavLink key={link.slug} to={`/developer/apps/${encodeURIComponent(appId)}/${link.slug}`} className={linkClass}>
              <Icon name={link.icon} />
              {link.label}
            </NavLink>
          ))}
        </div>
      )}
    </nav>
  );
}
