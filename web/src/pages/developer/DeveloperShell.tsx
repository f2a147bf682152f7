// The portal shell (spec 000 section 2): app switcher with New app, the app's side menu,
// links to My Apps, Developer Info and the docs, and sign-out. Signed-out visitors go to
// /developer/login; signed-in users who are not developers yet go to /developer/join.
import { Link, NavLink, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSessionOptions, listAppsOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { logoutUser } from '../../../../generated/client/sdk.gen';
import { queryClient } from '../../api';
import { useBrand } from '../../layouts/use-brand';
import { AppSwitcher } from './shell/AppSwitcher';
import { SideMenu } from './shell/SideMenu';
import { DOCS_URL } from './texts';
import './developer.css';

export default function DeveloperShell() {
  const brand = useBrand();
  const { appId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useQuery(getSessionOptions());
  const user = session.data?.data;
  const apps = useQuery({ ...listAppsOptions(), enabled: Boolean(user?.isDeveloper) });

  if (session.isPending) return <div className="dp-center dp-muted">Loading…</div>;
  if (!user) return <Navigate to={`/developer/login?redirectUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!user.isDeveloper) return <Navigate to="/developer/join" replace />;

  const signOut = async () => {
    await logoutUser();
    queryClient.clear();
    navigate('/developer/login');
  };

  return (
    <div className="dp">
      <aside className="dp-side">
        <Link to="/developer/apps" className="dp-logo">{brand}<small>Developer Platform</small></Link>
        <AppSwitcher apps={apps.data?.data ?? []} appId={appId} />
        {appId && <SideMenu appId={appId} />}
        <nav className="dp-menu" aria-label="Developer menu">
          <h4>Developer</h4>
          <NavLink to="/developer/apps" end>My Apps</NavLink>
          <NavLink to="/developer/account">Developer Info</NavLink>
          <a href={DOCS_URL} target="_blank" rel="noreferrer">Documentation and Support ↗</a>
        </nav>
        <div className="dp-side-foot">
          <div className="dp-muted dp-ellipsis" style={{ fontSize: 13, padding: '0 8px 8px' }}>{user.email}</div>
          <button type="button" className="dp-btn ghost" style={{ width: '100%', justifyContent: 'flex-start' }} onClick={() => void signOut()}>Sign out</button>
        </div>
      </aside>
      <main className="dp-main">
        <Outlet />
      </main>
    </div>
  );
}
