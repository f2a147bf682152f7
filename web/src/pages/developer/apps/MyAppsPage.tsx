// My Apps (spec 000 section 2): search by name (case-insensitive), app cards, a Create a New
// App card, a no-results state with Clear search, and the public catalog below. The cards are
// the AppSummary schema's (its `x-ui.card` hints): this page adds only the Edit link.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { listAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { errorMessage } from '../lib/toasts';
import { CreateAppPopup } from './CreateAppPopup';
import { PublicCatalog } from './PublicCatalog';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { appPath } from '../shell/menu';
import { AppSummarySchema } from '../../../../../generated/schemas/AppSummary';

export default function MyAppsPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const creating = params.get('create') === '1';
  const setCreating = (open: boolean) => setParams(open ? { create: '1' } : {}, { replace: true });
  const apps = useQuery(listAppsOptions());
  const term = search.trim().toLowerCase();
  const shown = (apps.data?.data ?? []).filter((app) => app.name.toLowerCase().includes(term));

  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <h1>My Apps</h1>
          <p>Build, configure and publish apps that store owners install.</p>
        </div>
        <input className="dp-input" style={{ maxWidth: 300 }} type="search" placeholder="Search apps" aria-label="Search apps" value={search} onChange={(e) => setSearch(e.target.value)} />
      </header>
      {apps.isError && <p className="dp-error" role="alert">{errorMessage(apps.error)}</p>}
      <Loading active={apps.isPending}>
      {apps.isSuccess && term && shown.length === 0 ? (
        <EmptyState title={`No apps match “${search.trim()}”.`} action={<button type="button" className="dp-btn" onClick={() => setSearch('')}>Clear search</button>} />
      ) : (
        <ResourceCards
          entry={AppSummarySchema}
          records={shown}
          idOf={(app) => app.appId}
          label="My Apps"
          // Under the page's h1: a card's title is the next level (axe heading-order).
          titleAs="h2"
          className="dp-app-cards"
          lead={
            <button type="button" className="dp-card dp-app-card create" onClick={() => setCreating(true)}>
              <span className="dp-stat" aria-hidden>+</span>
              <strong>Create a New App</strong>
              <span className="dp-muted">Give it a name; you can change everything later.</span>
            </button>
          }
          actions={(app) => <Link className="dp-btn" to={appPath(app.appId)}>Edit</Link>}
        />
      )}
      </Loading>
      <PublicCatalog />
      <CreateAppPopup open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
