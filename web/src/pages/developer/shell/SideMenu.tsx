import { NavLink } from 'react-router';
import { Icon } from '../../../layouts/icons';
import { APP_MENU, appPath } from './menu';

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
    </nav>
  );
}
