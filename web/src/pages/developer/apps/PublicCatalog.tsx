// The public catalog (published apps of every developer), as the product's site lists it.
import { useQuery } from '@tanstack/react-query';
import { listPublicAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { useBrand } from '../../../layouts/use-brand';
import { AppThumb } from './AppCard';

export function PublicCatalog() {
  const brand = useBrand();
  const catalog = useQuery(listPublicAppsOptions({ query: { page: 1, limit: 12 } }));
  const docs = catalog.data?.data.docs ?? [];
  return (
    <section className="dp-stack" aria-label="Public catalog">
      <div>
        <h2 style={{ margin: '12px 0 4px' }}>Published on {brand}</h2>
        <p className="dp-muted" style={{ margin: 0 }}>Apps store owners can install today.</p>
      </div>
      {catalog.isSuccess && docs.length === 0 && <p className="dp-card dp-empty">No published apps yet.</p>}
      <div className="dp-grid">
        {docs.map((app) => (
          <article key={app.appId} className="dp-card dp-app-card" data-public-app={app.name}>
            <AppThumb name={app.name} src={app.meta?.thumbnail || app.meta?.icon} />
            <div>
              <h3 style={{ margin: 0 }}>{app.name}</h3>
              <div className="dp-muted" style={{ fontSize: 13 }}>by {app.developerName || 'unknown developer'}</div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
