import { useNavigate } from 'react-router';
import { appPath } from './menu';

const NEW_APP = '__new__';

/** Lists the developer's apps; "New app" opens the creation step on My Apps. */
export function AppSwitcher({ apps, appId }: { apps: ReadonlyArray<{ appId: string; name: string }>; appId?: string }) {
  const navigate = useNavigate();
  return (
    <div className="dp-switcher">
      <label htmlFor="dp-app-switcher">App</label>
      <select
        id="dp-app-switcher"
        className="dp-select"
        value={appId ?? ''}
        onChange={(e) => navigate(e.target.value === NEW_APP ? '/developer/apps?create=1' : appPath(e.target.value))}
      >
        {!appId && <option value="">Select an app</option>}
        {apps.map((app) => <option key={app.appId} value={app.appId}>{app.name}</option>)}
        <option value={NEW_APP}>+ New app</option>
      </select>
    </div>
  );
}
