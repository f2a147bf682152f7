// "Discover more widgets" (spec 003, widgets list): 6 random published apps, each linking to
// its editor in this project. The widgets list places it.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { discoverCatalogAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { AppGrid } from './AppCard';
import { catalogPath } from './catalog-path';
import { useCreateRefusal } from './use-create-refusal';
import './catalog.css';

export function DiscoverPanel({ projectId }: { projectId?: string }) {
  // One draw per visit: a refetch on focus would reshuffle the cards under the pointer.
  const { data } = useQuery({ ...discoverCatalogAppsOptions(), staleTime: Infinity, refetchOnWindowFocus: false });
  const { refusal } = useCreateRefusal(projectId);
  const apps = data?.data ?? [];
  if (apps.length === 0) return null;
  return (
    <section className="card discover-panel" aria-labelledby="discover-title">
      <header className="discover-panel__header">
        <h2 id="discover-title">Discover more widgets</h2>
        <Link to={catalogPath(projectId)}>Browse the catalog</Link>
      </header>
      <AppGrid apps={apps} projectId={projectId} compact refusal={refusal} label="Discovered widgets" />
    </section>
  );
}
