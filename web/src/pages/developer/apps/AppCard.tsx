import { Link } from 'react-router';
import type { AppSummary } from '../../../../../generated/client/types.gen';
import { appPath } from '../shell/menu';

export function AppThumb({ name, src }: { name: string; src?: string }) {
  return <div className="dp-thumb">{src ? <img src={src} alt="" /> : name.charAt(0).toUpperCase()}</div>;
}

export function AppCard({ app }: { app: AppSummary }) {
  const published = app.status === 'published';
  return (
    <article className={`dp-card dp-app-card${published ? ' published' : ''}`} data-app={app.name}>
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <AppThumb name={app.name} src={app.meta?.thumbnail || app.meta?.icon} />
        <span className={`dp-badge ${published ? 'ok' : ''}`}>{app.status}</span>
      </div>
      <div>
        <h3 style={{ margin: 0 }}>{app.name}</h3>
        <div className="dp-muted dp-ellipsis" style={{ fontSize: 12 }}>App ID: {app.appId}</div>
      </div>
      <Link className="dp-btn" to={appPath(app.appId)}>Edit</Link>
    </article>
  );
}
