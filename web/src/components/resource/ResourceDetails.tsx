// A block of a detail page: the record's properties with their schema titles and formats.
import { useMemo } from 'react';
import { resourceColumns } from '../../../../forms/resource/columns';
import { schemaByName } from '../../../../forms/schemas';
import type { JsonSchema } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource.css';

/** `schema` stands in for the generated one `schemaName` names (a record schema known at run time). */
export function ResourceDetails({ schemaName, schema, record, fields }: { schemaName: string; schema?: JsonSchema; record: Readonly<Record<string, unknown>>; fields: ReadonlyArray<string> }) {
  const rows = useMemo(() => resourceColumns({ schema: schema ?? schemaByName(schemaName), columns: fields }), [schemaName, schema, fields]);
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
