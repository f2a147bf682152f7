// What a widgets page shows before and besides its table: the page's title at once, the table's
// shape while the first page loads (never a spinner or a wrong message), then the empty state or
// the load failure when there is no table to show.
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { TableSkeleton } from '../../../components/Skeleton';
import { WIDGET_TEXTS } from './texts';

export function WidgetsPageBody({ title, pending, failed, table, empty }: { title: string; pending: boolean; failed: boolean; table?: ReactNode; empty: ReactNode }) {
  if (table) return <>{table}</>;
  return (
    <section>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {pending ? <TableSkeleton label="Loading widgets" /> : failed ? <EmptyState title={WIDGET_TEXTS.loadFailed} /> : empty}
    </section>
  );
}
