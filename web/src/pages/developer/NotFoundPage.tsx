// A portal address with no screen (a mistyped link, or an app page not available here).
import { Link, useParams } from 'react-router';
import { appPath } from './shell/menu';

export default function NotFoundPage() {
  const { appId } = useParams();
  return (
    <section className="dp-card dp-empty">
      <h2>This page is not available</h2>
      <p>The address may be mistyped, or the page is not part of this installation.</p>
      <Link className="dp-btn primary" to={appId ? appPath(appId) : '/developer/apps'}>{appId ? 'Back to the dashboard' : 'Back to My Apps'}</Link>
    </section>
  );
}
