// The portal shell (spec 000 section 2): app switcher with New app, the app's side menu,
// links to My Apps, Developer Info and the docs, and sign-out. Signed-out visitors go to
// /developer/login; signed-in users who are not developers yet go to /developer/join.
import { Link, NavLink, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSessionOptions, listAppsOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { logoutUser } from '../../../../generated/client/sdk.gen';
import { queryClient } from '../../api';
import { AppFrame } from '../../layouts/AppFrame';
import { BrandMark } from '../../layouts/BrandMark';
import { FirstPaint } from '../../layouts/FirstPaint';
import { MainLandmark } from '../../layouts/main-landmark';
import { Icon } from '../../layouts/icons';
import { PageSkeleton } from '../../components/Skeleton';
import { AppNotFound } from './NotFoundPage';
import { AppSwitcher } from './shell/AppSwitcher';
import { SideMenu } from './shell/SideMenu';
import { DOCS_URL } from './texts';
import './developer.css';

export default function DeveloperShell() {
  const { appId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useQuery(getSessionOptions());
  const user = session.data?.data;
  const apps = useQuery({ ...listAppsOptions(), enabled: Boolean(user?.isDeveloper) });
  // An app page waits for the developer's apps, so an id they do not have says so instead of
  // drawing its screen behind 404s (and the switcher never names another app). An id missing
  // from a list loaded earlier (an app just created elsewhere) asks the list again first.
  const appList = apps.data?.data;
  const appKnown = !appId || Boolean(appList?.some((app) => app.appId === appId));
  const { refetch } = apps;
  const listed = appList !== undefined;
  useEffect(() => {
    if (listed && !appKnown) void refetch();
  }, [appId, listed, appKnown, refetch]);

  if (session.isPending) return <FirstPaint />;
  if (!user) return <Navigate to={`/developer/login?redirectUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!user.isDeveloper) return <Navigate to="/developer/join" replace />;

  const signOut = async () => {
    await logoutUser();
    queryClient.clear();
    void navigate('/developer/login');
  };

  const page = () => {
    if (!appId) return <Outlet />;
    if (!appList) return apps.isError ? <Outlet /> : <PageSkeleton />;
    if (appKnown) return <Outlet />;
    return apps.isFetching ? <PageSkeleton /> : <AppNotFound appId={appId} />;
  };

  const brand = (
    <Link to="/developer/apps" className="sidebar__home">
      <BrandMark suffix="Developer Platform" />
    </Link>
  );
  const linkClass = ({ isActive }: { isActive: boolean }): string => `sidebar__link${isActive ? ' is-active' : ''}`;

  return (
    <div className="dp">
      <AppFrame
        brand={brand}
        sidebar={
          // A landmark, so the brand, app switcher and account are not content outside every region (axe: region).
          <aside className="sidebar" aria-label="Developer platform">
            <div className="sidebar__brand">{brand}</div>
            <AppSwitcher apps={appList ?? []} appId={appKnown ? appId : undefined} />
            {appId && appKnown && <SideMenu appId={appId} />}
            <nav className="sidebar__group" aria-label="Developer menu">
              <h2 className="sidebar__heading">Developer</h2>
              <NavLink to="/developer/apps" end className={linkClass}>
                <Icon name="apps" />
                My Apps
              </NavLink>
              <NavLink to="/developer/account" className={linkClass}>
                <Icon name="account" />
                Developer Info
              </NavLink>
              <a href={DOCS_URL} target="_blank" rel="noreferrer" className="sidebar__link">
                <Icon name="docs" />
                Documentation and Support
                <Icon name="external" size={14} />
              </a>
            </nav>
            <div className="sidebar__spacer" />
            <div className="sidebar__user">
              <span className="sidebar__avatar" aria-hidden="true">
                {(user.fullName || user.email).charAt(0).toUpperCase()}
              </span>
              <span className="sidebar__who">
                <strong>{user.fullName}</strong>
                <small>{user.email}</small>
              </span>
              <button type="button" className="sidebar__signout" onClick={() => void signOut()} aria-label="Sign out" title="Sign out">
                <Icon name="logout" />
              </button>
            </div>
          </aside>
        }
      >
        <MainLandmark className="dp-main">{page()}</MainLandmark>
      </AppFrame>
    </div>
  );
}
