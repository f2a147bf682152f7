// /user/dashboard/new-apps (spec 003 "What's New"): the published apps tagged new, as the
// catalog's cards (CatalogApp's x-ui.card) laid out as rows, each with a Try Now link to its editor.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listNewCatalogAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { editorPath } from '../../../../../rules/catalog';
import { EmptyState } from '../../../components/EmptyState';
import { AppGrid } from './AppCard';
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
          <AppGrid
            apps={apps}
            label="New widgets"
            titleAs="h2"
            actions={(app) => (
              <Link className="btn btn-primary" to={editorPath({ slug: app.slug })}>
                Try Now
              </Link>
            )}
          />
        </div>
      )}
    </section>
  );
}
