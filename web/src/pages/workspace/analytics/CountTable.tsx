// A table of counts already loaded (Top Hosts, Events Breakdown), shown in the DataTable and
// paged in the browser; 'No data.' when empty (spec 003 section 2).
import type { ColDef } from 'ag-grid-community';
import { DataTable } from '../../../components/data-table/DataTable';
import type { TableQuery } from '../../../components/data-table/DataTable';
import { ANALYTICS_MESSAGES } from '../../../../../rules/widget-analytics';

export interface CountRow {
  name: string;
  count: number;
}

export function CountTable({ label, nameHeader, rows, cacheKey }: { label: string; nameHeader: string; rows: CountRow[]; cacheKey: unknown[] }) {
  const columns: ColDef<CountRow>[] = [
    { field: 'name', headerName: nameHeader, sortable: false },
    { field: 'count', headerName: 'Count', sortable: false },
  ];
  const fetch = async ({ page, limit }: TableQuery) => ({ docs: rows.slice((page - 1) * limit, page * limit), total: rows.length });
  return (
    <DataTable<CountRow>
      label={label}
      queryKey={['widget-analytics', label, ...cacheKey]}
      fetch={fetch}
      columns={columns}
      getRowId={(row) => row.name}
      searchable={false}
      emptyText={ANALYTICS_MESSAGES.noData}
      pageSize={5}
    />
  );
}
