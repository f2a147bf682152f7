// One catalog app as a card linking to its editor (/{slug}/editor?projectId={id}).
import { Link } from 'react-router';
import type { CatalogApp } from '../../../../../generated/client/types.gen';
import { editorPath } from '../../../../../rules/catalog';

export function AppCard({ app, projectId, compact = false }: { app: CatalogApp; projectId?: string; compact?: boolean }) {
  return (
    <Link className={`app-card${compact ? ' app-card--compact' : ''}`} to={editorPath({ slug: app.slug, projectId })} data-slug={app.slug}>
      <img className="app-card__image" src={app.promotionImage} alt="" />
      <span className="app-card__body">
        <strong className="app-card__name">{app.name}</strong>
        {compact ? null : <span className="app-card__teaser">{app.teaser}</span>}
        <span className="app-card__meta">{app.category}</span>
      </span>
    </Link>
  );
}

export function AppGrid({ apps, projectId, compact }: { apps: CatalogApp[]; projectId?: string; compact?: boolean }) {
  return (
    <div className={`app-grid${compact ? ' app-grid--compact' : ''}`}>
      {apps.map((app) => (
        <AppCard key={app.slug} app={app} projectId={projectId} compact={compact} />
      ))}
    </div>
  );
}
