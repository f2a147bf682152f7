// One catalog app as a card linking to its editor (/{slug}/editor?projectId={id}). A caller who
// may not create widgets in the project is told so on the click, and the editor does not open.
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CatalogApp } from '../../../../../generated/client/types.gen';
import { editorPath } from '../../../../../rules/catalog';

type CardProps = { app: CatalogApp; projectId?: string; compact?: boolean; refusal?: string };

export function AppCard({ app, projectId, compact = false, refusal }: CardProps) {
  const refuse = (event: MouseEvent) => {
    event.preventDefault();
    toast.error(refusal);
  };
  return (
    <Link className={`app-card${compact ? ' app-card--compact' : ''}`} to={editorPath({ slug: app.slug, projectId })} data-slug={app.slug} onClick={refusal ? refuse : undefined}>
      <img className="app-card__image" src={app.promotionImage} alt="" />
      <span className="app-card__body">
        <strong className="app-card__name">{app.name}</strong>
        {compact ? null : <span className="app-card__teaser">{app.teaser}</span>}
        <span className="app-card__meta">{app.category}</span>
      </span>
    </Link>
  );
}

export function AppGrid({ apps, projectId, compact, refusal }: Omit<CardProps, 'app'> & { apps: CatalogApp[] }) {
  return (
    <div className={`app-grid${compact ? ' app-grid--compact' : ''}`}>
      {apps.map((app) => (
        <AppCard key={app.slug} app={app} projectId={projectId} compact={compact} refusal={refusal} />
      ))}
    </div>
  );
}
