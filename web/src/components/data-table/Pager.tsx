// Page-size select, "1–20 of 134" and previous/next buttons under a table.
export function Pager({ page, limit, total, pageSizes, onPage, onLimit }: { page: number; limit: number; total: number; pageSizes: ReadonlyArray<number>; onPage: (page: number) => void; onLimit: (limit: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
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
      <span className="data-table__range">
        {first}–{last} of {total}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      <span className="data-table__page">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        ›
      </button>
    </div>
  );
}
