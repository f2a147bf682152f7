// The portal's 404 (a mistyped link, an app page not available here, or an app the developer
// does not have): a page title saying what was not found and a way back, never another app's screen.
import { Link, useParams } from 'react-router';
import { appPath } from './shell/menu';
import { NOT_FOUND_TEXTS } from './texts';

export function NotFound({ title, text, back }: { title: string; text: string; back: { to: string; label: string } }) {
  return (
    <section className="dp-not-found" aria-labelledby="dp-not-found-title">
      <p className="dp-not-found__code" aria-hidden="true">404</p>
      <h1 id="dp-not-found-title">{title}</h1>
      <p className="dp-muted">{text}</p>
      <Link className="dp-btn primary" to={back.to}>{back.label}</Link>
    </section>
  );
}

/** An app id the developer's apps do not hold (deleted, mistyped, or someone else's). */
export function AppNotFound({ appId }: { appId: string }) {
  return <NotFound title={NOT_FOUND_TEXTS.app} text={NOT_FOUND_TEXTS.appText(appId)} back={{ to: '/developer/apps', label: 'Back to My Apps' }} />;
}

export default function NotFoundPage() {
  const { appId } = useParams();
  return (
    <NotFound
      title={NOT_FOUND_TEXTS.page}
      text={NOT_FOUND_TEXTS.pageText}
      back={appId ? { to: appPath(appId), label: 'Back to the dashboard' } : { to: '/developer/apps', label: 'Back to My Apps' }}
    />
  );
}
