// A record view: the record's properties with their schema titles and formats, in the blocks
// the document's hints give (forms/resource/ui-hints.ts: `x-ui.details`, `x-ui.order`).
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { propertiesOf, resolveSchema, resourceColumns } from '../../../../forms/resource/columns';
import { detailsBlocks } from '../../../../forms/resource/ui-hints';
import { schemaByName } from '../../../../forms/schemas';
import type { JsonSchema } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource.css';

type Record_ = Readonly<Record<string, unknown>>;
type Cells = Readonly<Record<string, (record: Record_) => ReactNode>>;

/**
 * One block's rows. `schema` stands in for the generated one `schemaName` names (a record schema
 * known at run time); `fields` picks the properties (default: every one the hints let the view
 * draw); `renderCells` draws some values instead of their format, by field (as ResourceList's).
 */
export function ResourceDetails({
  schemaName, schema, record, fields, renderCells,
}: {
  schemaName: string;
  schema?: JsonSchema;
  record: Record_;
  fields?: ReadonlyArray<string>;
  renderCells?: Cells;
}) {
  const rows = useMemo(() => {
    const source = schema ?? schemaByName(schemaName);
    const chosen = fields ?? detailsBlocks({ schema: resolveSchema({ schema: source }), properties: propertiesOf({ schema: source }), title: '' }).flatMap((block) => block.fields);
    return resourceColumns({ schema: source, columns: chosen });
  }, [schemaName, schema, fields]);
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

/** The whole record view: each block of the hints under its title (`title` names a block the hints leave untitled). */
export function ResourceRecord({ schemaName, record, title, renderCells }: { schemaName: string; record: Record_; title: string; renderCells?: Cells }) {
  const blocks = useMemo(() => {
    const source = schemaByName(schemaName);
    return detailsBlocks({ schema: resolveSchema({ schema: source }), properties: propertiesOf({ schema: source }), title });
  }, [schemaName, title]);
  return (
    <>
      {blocks.map((block) => (
        <section key={block.title} className="card resource-record__block" aria-label={block.title}>
          <h2>{block.title}</h2>
          <ResourceDetails schemaName={schemaName} record={record} fields={block.fields} renderCells={renderCells} />
        </section>
      ))}
    </>
  );
}
