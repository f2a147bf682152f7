// /{slug}/editor?projectId={id}[&componentId={guid}]: the widget editor (issue 10). Without
// componentId it edits a new widget of the catalog app's type, starting from the type's
// defaults; with it, the saved widget (its settings as the embed runtime reads them). A new
// widget in a project where the caller is below admin is refused before the form shows.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCatalogAppOptions, getEmbedWidgetOptions, getWidgetOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { CatalogApp } from '../../../../../generated/client/types.gen';
import { CATALOG_MESSAGES } from '../../../../../rules/catalog';
import { UNCATEGORIZED } from '../../../../../rules/workspace-roles';
import { EmptyState } from '../../../components/EmptyState';
import { RequireSession } from '../../../layouts/RequireSession';
import { catalogPath } from '../catalog/catalog-path';
import { useCreateRefusal } from '../catalog/use-create-refusal';
import { newWidgetForm, templatesOf } from './editor-schema';
import type { WidgetTemplate } from '../../../../../rules/widget-settings';
import { TemplateGallery } from './TemplateGallery';
import { WidgetEditor } from './WidgetEditor';
import './editor.css';

function SavedWidgetEditor({ app, guid, projectId }: { app: CatalogApp; guid: string; projectId: string | null }) {
  const widget = useQuery({ ...getWidgetOptions({ path: { guid } }), retry: false });
  // The public call is cached for a minute; the editor must show what was just saved.
  const published = useQuery({ ...getEmbedWidgetOptions({ path: { guid }, cache: 'no-cache' }), retry: false });
  if (widget.isPending || published.isPending) return null;
  if (!widget.data || !published.data) return <EmptyState title="Widget not found" text="This widget does not exist or is not shared with you." />;
  return <WidgetEditor key={guid} app={app} guid={guid} projectId={projectId} initial={{ ...published.data.data.settings, name: widget.data.data.name }} role={widget.data.data.role} />;
}

/** A new widget: the type's template gallery first (when it has templates), then the editor from the choice. */
function NewWidgetEditor({ app, projectId }: { app: CatalogApp; projectId: string | null }) {
  const { pending, refusal } = useCreateRefusal(projectId);
  const templates = templatesOf(app.componentType);
  const [start, setStart] = useState<{ template?: WidgetTemplate } | undefined>(templates.length > 0 ? undefined : {});
  if (pending) return null;
  if (refusal) return <EmptyState title={refusal} />;
  if (!start) return <TemplateGallery type={app.componentType} templates={templates} onChoose={(template) => setStart({ template })} />;
  return <WidgetEditor app={app} projectId={projectId} initial={newWidgetForm({ type: app.componentType, name: app.name, template: start.template })} />;
}

export default function WidgetEditorPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const projectId = search.get('projectId') || null;
  const guid = search.get('componentId') || undefined;
  const { data, isPending, isError } = useQuery({ ...getCatalogAppOptions({ path: { slug } }), retry: false });
  const app = data?.data;
  const back = guid ? `/user/dashboard/projects/${encodeURIComponent(projectId ?? UNCATEGORIZED)}/widgets` : catalogPath(projectId ?? undefined);

  return (
    <RequireSession>
      {() => (
        <main className="widget-editor">
          <header className="widget-editor__header">
            <Link to={back}>← Back</Link>
            {app ? <h1>{app.name}</h1> : null}
          </header>
          {isPending ? null : isError || !app ? (
            <EmptyState title={CATALOG_MESSAGES.notFound} text="This widget is not in the catalog." />
          ) : guid ? (
            <SavedWidgetEditor app={app} guid={guid} projectId={projectId} />
          ) : (
            <NewWidgetEditor app={app} projectId={projectId} />
          )}
        </main>
      )}
    </RequireSession>
  );
}
