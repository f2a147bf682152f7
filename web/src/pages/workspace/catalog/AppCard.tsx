// The catalog's apps as the engine's cards of CatalogApp (what a card shows is the document's,
// x-ui.card: the illustration, the name, the teaser, then the category), each leading to its
// editor (/{slug}/editor?projectId={id}). A caller who may not create widgets in the project is
// told so on the click, and the editor does not open.
import type { MouseEvent, ReactNode } from 'react';
import { toast } from 'sonner';
import type { CatalogApp } from '../../../../../generated/client/types.gen';
import { editorPath } from '../../../../../rules/catalog';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { CatalogAppSchema } from '../../../../../generated/schemas/CatalogApp';

type GridProps = {
  apps: ReadonlyArray<CatalogApp>;
  projectId?: string;
  /** The Discover panel's small cards: the picture and the name. */
  compact?: boolean;
  refusal?: string;
  /** The cards' heading level: h3 under a group's h2, h2 right under the page's h1. */
  titleAs?: 'h2' | 'h3';
  label: string;
  actions?: (app: CatalogApp) => ReactNode;
};

export function AppGrid({ apps, projectId, compact = false, refusal, titleAs = 'h3', label, actions }: GridProps) {
  // A card is a link: the refusal stops it before the router follows it.
  const refuse = (event: MouseEvent) => {
    if (!refusal || !(event.target instanceof Element) || !event.target.closest('a')) return;
    event.preventDefault();
    toast.error(refusal);
  };
  return (
    <div className="app-grid-frame" onClickCapture={refuse}>
      <ResourceCards<CatalogApp>
        entry={CatalogAppSchema}
        className={`app-cards${compact ? ' app-cards--compact' : ''}`}
        label={label}
        records={apps}
        idOf={(app) => app.slug}
        href={(app) => editorPath({ slug: app.slug, projectId })}
        actions={actions}
        titleAs={titleAs}
      />
    </div>
  );
}
