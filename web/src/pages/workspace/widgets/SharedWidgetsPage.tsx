// Shared Widgets (/user/dashboard/shared-widgets): the widgets other people shared with the
// user, 10 a page, searched by name and filtered by type.
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { WIDGET_TEXTS } from './texts';
import { useWidgetSummary } from './use-widget-summary';
import { WidgetsTable } from './WidgetsTable';

export default function SharedWidgetsPage() {
  const summary = useWidgetSummary({});
  const page = summary.data?.data;
  let body;
  if (!page) body = <EmptyState title={WIDGET_TEXTS.loadFailed} />;
  else if (page.total === 0) body = <EmptyState title="No shared widgets yet" text="Widgets other people invite you to will appear here once you accept the invitation." />;
  else body = <WidgetsTable types={page.types} />;
  return (
    <Loading active={summary.isPending} label="Loading widgets">
      {body}
    </Loading>
  );
}
