// What an import shows while it runs (its rows done and failed, the share of its file read) and once
// finished (the summary and a table of the failed rows with each field's error).
import type { DocumentImport } from '../../../../../../generated/client/types.gen';
import { formatNumber } from '../../../../../../rules/format-number';

export function ImportProgressView({ job, message }: { job: DocumentImport; message: string }) {
  const fraction = job.size > 0 ? job.bytesRead / job.size : 0;
  return (
    <div className="db-import-report">
      <p role="status">{message}</p>
      <progress className="db-import-progress" max={1} value={fraction} aria-label="Import progress" />
      <dl className="db-import-counts">
        <dt>Rows done</dt>
        <dd>{formatNumber(job.imported + job.failed)}</dd>
        <dt>Rows failed</dt>
        <dd>{formatNumber(job.failed)}</dd>
      </dl>
      <p className="db-import-note">The import goes on if you close this window.</p>
    </div>
  );
}

export function ImportReportView({ job, message }: { job: DocumentImport; message: string }) {
  return (
    <div className="db-import-report">
      <p role="status">{message}</p>
      {job.errors.length > 0 && (
        <table className="db-import-errors">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {job.errors.map((error) => (
              <tr key={error.row}>
                <td>{error.row}</td>
                <td>
                  {error.fieldErrors ? (
                    <ul>
                      {Object.entries(error.fieldErrors).map(([field, text]) => (
                        <li key={field}>
                          <strong>{field}</strong>: {text}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    error.message
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {job.failed > job.errors.length && <p>Only the first {job.errors.length} failed rows are listed.</p>}
    </div>
  );
}
