// /{slug}/editor?projectId= : the catalog cards' destination until the widget editor exists
// (issue 10 replaces this page). It shows the app and creates a widget of its type, named here,
// in the project (or among the uncategorized widgets), then opens that project's widgets list.
import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCatalogAppOptions, useCreateWidgetMutation } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { CatalogApp, WidgetCreateInput } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { UNCATEGORIZED } from '../../../../../rules/workspace-roles';
import { CATALOG_MESSAGES } from '../../../../../rules/catalog';
import { EmptyState } from '../../../components/EmptyState';
import { RequireSession } from '../../../layouts/RequireSession';
import { pickSchema } from '../../developer/lib/schema';
import { catalogPath } from './catalog-path';
import './catalog.css';

type NameForm = Pick<WidgetCreateInput, 'name'>;

function CreateWidget({ app, projectId }: { app: CatalogApp; projectId?: string }) {
  const navigate = useNavigate();
  const create = useCreateWidgetMutation();
  const schema = useMemo(() => pickSchema({ name: 'WidgetCreateInput', keys: ['name'], required: ['name'] }), []);
  const submit = async (form: NameForm) => {
    const answer = await create.mutateAsync({ body: { type: app.componentType, name: form.name, projectId: projectId ?? null } });
    void navigate(`/user/dashboard/projects/${encodeURIComponent(projectId ?? UNCATEGORIZED)}/widgets`);
    return answer;
  };
  return (
    <div className="card">
      <SchemaForm<NameForm>
        schemaName="WidgetCreateInput"
        schema={schema}
        formData={{ name: app.name }}
        submitText="Create widget"
        toasts={{ pending: 'Creating widget…', success: 'Widget created' }}
        onSubmit={submit}
      />
    </div>
  );
}

export default function CatalogEditorPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const projectId = search.get('projectId') ?? undefined;
  const { data, isPending, isError } = useQuery({ ...getCatalogAppOptions({ path: { slug } }), retry: false });
  const app = data?.data;

  return (
    <RequireSession>
      {() => (
        <main className="catalog-editor">
          <p>
            <Link to={catalogPath(projectId)}>← Back to the catalog</Link>
          </p>
          {isPending ? null : isError || !app ? (
            <EmptyState title={CATALOG_MESSAGES.notFound} text="This widget is not in the catalog." />
          ) : (
            <>
              <section className="catalog-editor__app">
                <img src={app.promotionImage} alt="" />
                <div>
                  <h1>{app.name}</h1>
                  <p>{app.teaser}</p>
                </div>
              </section>
              <CreateWidget app={app} projectId={projectId} />
            </>
          )}
        </main>
      )}
    </RequireSession>
  );
}
