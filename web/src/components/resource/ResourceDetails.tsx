// A record view: the record's properties with their schema titles and formats, in the blocks
// the document's hints give (forms/resource/ui-hints.ts: `x-ui.details`, `x-ui.order`).
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { propertiesOf, resolveSchema, resourceColumns } from '../../../../forms/resource/columns';
import { detailsBlocks } from '../../../../forms/resource/ui-hints';
import { schemaOf } from '../../../../forms/schemas';
import type { SchemaEntry } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource.css';

type Record_ = Readonly<Record<string, unknown>>;
type Cells = Readonly<Record<string, (record: Record_) => ReactNode>>;

/**
 * One block's rows of the record schema `entry` (generated/schemas, or a runtimeEntry); `fields` picks the properties (default: every one the hints let the view
 * draw); `renderCells` draws some values instead of their format, by field (as ResourceList's).
 */
export function ResourceDetails({
  entry, record, fields, renderCells,
}: {
  entry: SchemaEntry;
  record: Record_;
  fields?: ReadonlyArray<string>;
  renderCells?: Cells;
}) {
  const rows = useMemo(() => {
    const source = schemaOf(entry);
    const chosen = fields ?? detailsBlocks({ schema: resolveSchema({ schema: source }), properties: propertiesOf({ schema: source }), title: '' }).flatMap((block) => block.fields);
    return resourceColumns({ schema: source, columns: chosen });
  }, [entry, fields]);
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
export function ResourceRecord({ entry, record, title, renderCells }: { entry: SchemaEntry; record: Record_; title: string; renderCells?: Cells }) {
  const blocks = useMemo(() => {
    const source = schemaOf(entry);
    return detailsBlocks({ schema: resolveSchema({ schema: source }), properties: propertiesOf({ schema: source }), title });
  }, [entry, title]);
  return (
    <>
      {blocks.map((block) => (
        <section key={block.title} className="card resource-record__block" aria-label={block.title}>
          <h2>{block.title}</h2>
          <ResourceDetails entry={entry} record={record} fields={block.fields} renderCells={renderCells} />
        </section>
      ))}
    </>
  );
}
