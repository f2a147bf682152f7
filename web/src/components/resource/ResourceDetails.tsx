// A block of a detail page: the record's properties with their schema titles and formats.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { resourceColumns } from '../../../../forms/resource/columns';
import { schemaByName } from '../../../../forms/schemas';
import type { JsonSchema } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource.css';

/**
 * `schema` stands in for the generated one `schemaName` names (a record schema known at run time);
 * `renderCells` draws some values instead of their format, by field (as ResourceList's).
 */
export function ResourceDetails({
  schemaName, schema, record, fields, renderCells,
}: {
  schemaName: string;
  schema?: JsonSchema;
  record: Readonly<Record<string, unknown>>;
  fields: ReadonlyArray<string>;
  renderCells?: Readonly<Record<string, (record: Readonly<Record<string, unknown>>) => ReactNode>>;
}) {
  const rows = useMemo(() => resourceColumns({ schema: schema ?? schemaByName(schemaName), columns: fields }), [schemaName, schema, fields]);
  return (
    <dl className="resource-details">
      {rows.map((row) => (
        <div key={row.field} className="resource-details__row">
          <dt>{row.header}</dt>
          <dd data-field={row.field}>
            {renderCells?.[row.field] ? renderCells[row.field](record) : <CellValue format={row.format} value={record[row.field]} row={record} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
