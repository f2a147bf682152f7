// /user/dashboard/new-apps (spec 003 "What's New"): the published apps tagged new, each with a
// Try Now link to its editor.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listNewCatalogAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { editorPath } from '../../../../../rules/catalog';
import { EmptyState } from '../../../components/EmptyState';
import './catalog.css';

export default function NewAppsPage() {
  const { data, isPending } = useQuery(listNewCatalogAppsOptions());
  const apps = data?.data ?? [];
  return (
    <section>
      <header className="page-header">
        <h1>What&apos;s New</h1>
        <p>Widgets we released recently.</p>
      </header>
      {isPending ? null : apps.length === 0 ? (
        <EmptyState title="Nothing new right now" text="New widgets appear here as soon as they are released." />
      ) : (
        <div className="new-apps">
          {apps.map((app) => (
            <article key={app.slug} className="card new-app" aria-label={app.name}>
              <img src={app.promotionImage} alt="" />
              <div>
                <h2>{app.name}</h2>
                <p>{app.teaser}</p>
              </div>
              <Link className="btn btn-primary" to={editorPath({ slug: app.slug })}>
                Try Now
              </Link>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
