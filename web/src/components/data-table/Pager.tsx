// Page-size select, "1–20 of 134" and previous/next buttons under a table. Numbers read with
// thousands separators ("1–10 of 1,000,001"), and placeholders stand in until the total is known.
import { formatNumber } from '../../../../rules/format-number';
import { Placeholder } from '../Placeholder';

export function Pager({ page, limit, total, pageSizes, onPage, onLimit }: { page: number; limit: number; total: number | undefined; pageSizes: ReadonlyArray<number>; onPage: (page: number) => void; onLimit: (limit: number) => void }) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total ?? 0, page * limit);
  return (
    <div className="data-table__pager">
      <label className="data-table__size">
        Rows per page
        <select value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {/* The range and the arrows wrap together on a phone, never one arrow to a line. */}
      <span className="data-table__nav">
        <span className="data-table__range">
          {total === undefined ? <Placeholder width="6em" /> : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹
        </button>
        <span className="data-table__page">
          Page {formatNumber(page)} of {total === undefined ? <Placeholder width="2em" /> : formatNumber(pages)}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" aria-label="Next page" disabled={total === undefined || page >= pages} onClick={() => onPage(page + 1)}>
          ›
        </button>
      </span>
    </div>
  );
}
