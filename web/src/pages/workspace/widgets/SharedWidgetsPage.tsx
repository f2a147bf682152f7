// Shared Widgets (/user/dashboard/shared-widgets): the widgets other people shared with the
// user, 10 a page, searched by name and filtered by type.
import { EmptyState } from '../../../components/EmptyState';
import { useWidgetSummary } from './use-widget-summary';
import { WidgetsPageBody } from './WidgetsPageBody';
import { WidgetsTable } from './WidgetsTable';

export default function SharedWidgetsPage() {
  const summary = useWidgetSummary({});
  const page = summary.data?.data;
  return (
    <WidgetsPageBody
      title="Shared Widgets"
      pending={summary.isPending}
      failed={summary.isError}
      table={page && page.total > 0 ? <WidgetsTable types={page.types} /> : undefined}
      empty={<EmptyState title="No shared widgets yet" text="Widgets other people invite you to will appear here once you accept the invitation." />}
    />
  );
}
