import { NavLink } from 'react-router';
import { Icon, iconOf } from '../../../layouts/icons';
import { screenPath } from '../../../../../forms/resource/declared';
import { screensIn } from '../../declared/screens';
import { APP_MENU, appPath } from './menu';

// Declared resources of the app scope (docs/extending.md), in a group after the spec's.
const DECLARED = screensIn('app').filter((screen) => screen.inMenu);

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
          {DECLARED.map((screen) => (
            <NavLink key={screen.slug} to={screenPath({ screen, ids: { appId } })} className={linkClass}>
              <Icon name={iconOf(screen.icon)} />
              {screen.title}
            </NavLink>
          ))}
        </div>
      )}
    </nav>
  );
}
