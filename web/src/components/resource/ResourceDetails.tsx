// A block of a detail page: the record's properties with their schema titles and formats.
import { useMemo } from 'react';
import { resourceColumns } from '../../../../forms/resource/columns';
import { schemaByName } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource.css';

export function ResourceDetails({ schemaName, record, fields }: { schemaName: string; record: Readonly<Record<string, unknown>>; fields: ReadonlyArray<string> }) {
  const rows = useMemo(() => resourceColumns({ schema: schemaByName(schemaName), columns: fields }), [schemaName, fields]);
  return (
    <dl className="resource-details">
      {rows.map((row) => (
        <div key={row.field} className="resource-details__row">
          <dt>{row.header}</dt>
          <dd data-field={row.field}>
            <CellValue format={row.format} value={record[row.field]} row={record} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
