// A portal address with no screen (a mistyped link, or an app page not available here).
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { appPath } from './shell/menu';

export default function NotFoundPage() {
  const { appId } = useParams();
  return (
    <EmptyState
      title="This page is not available"
      text="The address may be mistyped, or the page is not part of this installation."
      action={<Link className="dp-btn primary" to={appId ? appPath(appId) : '/developer/apps'}>{appId ? 'Back to the dashboard' : 'Back to My Apps'}</Link>}
    />
  );
}
