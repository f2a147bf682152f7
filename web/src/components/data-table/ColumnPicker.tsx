// Show or hide columns: offered only when a table has more than COLUMN_PICKER_FROM columns
// (spec 001 section 2), so short tables keep a quiet toolbar.
export const COLUMN_PICKER_FROM = 5;

export type PickableColumn = { id: string; label: string };

export function ColumnPicker({ columns, hidden, onToggle }: { columns: ReadonlyArray<PickableColumn>; hidden: ReadonlySet<string>; onToggle: (id: string) => void }) {
  if (columns.length <= COLUMN_PICKER_FROM) return null;
  return (
    <details className="data-table__columns">
      <summary className="btn btn-secondary btn-sm">Columns</summary>
      <div className="data-table__columns-menu" role="group" aria-label="Columns shown">
        {columns.map((column) => (
          <label key={column.id}>
            <input type="checkbox" checked={!hidden.has(column.id)} onChange={() => onToggle(column.id)} />
            {column.label}
          </label>
        ))}
      </div>
    </details>
  );
}
