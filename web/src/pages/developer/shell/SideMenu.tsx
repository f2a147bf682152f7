import { NavLink } from 'react-router';
import { APP_MENU, appPath } from './menu';

export function SideMenu({ appId }: { appId: string }) {
  return (
    <nav className="dp-menu" aria-label="App menu">
      {APP_MENU.map((group, i) => (
        <div key={group.title ?? i}>
          {group.title && <h4>{group.title}</h4>}
          {group.items.map((item) => (
            <NavLink key={item.page} to={appPath(appId, item.page)}>{item.label}</NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
