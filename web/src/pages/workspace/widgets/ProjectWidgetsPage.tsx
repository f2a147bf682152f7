// A project's widgets (/user/dashboard/projects/{projectId} and .../widgets; 'uncategorized'
// for the widgets outside projects): the table, the empty state, and "Discover more widgets".
import { Link, useParams } from 'react-router';
import { canDo } from '../../../../../rules/workspace-roles';
import { EmptyState } from '../../../components/EmptyState';
import { DiscoverPanel } from '../catalog/DiscoverPanel';
import { catalogPath } from '../catalog/catalog-path';
import { useWidgetSummary } from './use-widget-summary';
import { rankOf } from './WidgetMenuPopup';
import { WidgetsPageBody } from './WidgetsPageBody';
import { WidgetsTable } from './WidgetsTable';

function NoWidgets({ projectId, canCreate }: { projectId: string; canCreate: boolean }) {
  return (
    <EmptyState
      title="No widgets here yet"
      text="Pick a widget from the catalog to add it to this project."
      action={
        <>
          <Link className="btn btn-secondary" to={catalogPath(projectId)}>
            Explore Widgets
          </Link>{' '}
          {canCreate ? (
            <Link className="btn btn-primary" to={catalogPath(projectId)}>
              Create a new widget now!
            </Link>
          ) : null}
        </>
      }
    />
  );
}

export default function ProjectWidgetsPage() {
  const { projectId = '' } = useParams();
  const summary = useWidgetSummary({ projectId });
  const page = summary.data?.data;
  const canCreate = canDo({ role: page?.role ? rankOf(page.role) : null, action: 'createWidget' });
  return (
    <div className="widgets-page">
      <WidgetsPageBody
        title="Widgets"
        pending={summary.isPending}
        failed={summary.isError}
        table={page && page.total > 0 ? <WidgetsTable projectId={projectId} types={page.types} /> : undefined}
        empty={<NoWidgets projectId={projectId} canCreate={canCreate} />}
      />
      <DiscoverPanel projectId={projectId} />
    </div>
  );
}
