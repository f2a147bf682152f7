// Import and Export of the collection's documents, in the Documents tab's toolbar: export
// downloads CSV or JSON; import sends a CSV, JSON or NDJSON file with a progress bar for the
// upload, then shows the server's per-row report (docs/database.md, "Import and export").
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentImportReport } from '../../../../../../generated/client/types.gen';
import { Modal } from '../../../../components/Modal';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, importFormatOf, importTooBig, UNREADABLE_FORMAT } from '../../../../../../rules/database-transfer';
import { exportUrl, importUrl, uploadImport } from './import-upload';
import './ImportExport.css';

type Step = { kind: 'idle' } | { kind: 'sending'; fileName: string; fraction: number } | { kind: 'done'; report: DocumentImportReport; message: string };

function ImportReportView({ report, message }: { report: DocumentImportReport; message: string }) {
  return (
    <div className="db-import-report">
      <p role="status">{message}</p>
      {report.errors.length > 0 && (
        <table className="db-import-errors">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((error) => (
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
      {report.failed > report.errors.length && <p>Only the first {report.errors.length} failed rows are listed.</p>}
    </div>
  );
}

export function ImportExport({ appId, name }: { appId: string; name: string }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const send = async (file: File) => {
    const format = importFormatOf(file.name);
    if (!format) return void toast.error(UNREADABLE_FORMAT);
    if (file.size > IMPORT_MAX_BYTES) return void toast.error(importTooBig());
    setStep({ kind: 'sending', fileName: file.name, fraction: 0 });
    try {
      const { status, body } = await uploadImport({ url: importUrl(appId, name), file, format, onProgress: (fraction) => setStep({ kind: 'sending', fileName: file.name, fraction }) });
      if (status !== 200 || !body.data) {
        setStep({ kind: 'idle' });
        return void toast.error(body.message || 'The import failed');
      }
      setStep({ kind: 'done', report: body.data, message: body.message ?? '' });
      await queryClient.invalidateQueries({ predicate: (query) => (query.queryKey[0] as { _id?: string } | undefined)?._id === 'listDocuments' });
    } catch (err) {
      setStep({ kind: 'idle' });
      toast.error((err as Error).message);
    }
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };

  return (
    <div className="dp-row db-import-export">
      <input ref={input} type="file" accept={IMPORT_ACCEPT} hidden onChange={chosen} aria-label="File to import" />
      <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()} disabled={step.kind === 'sending'}>
        Import
      </button>
      <a className="btn btn-secondary" href={exportUrl(appId, name, 'csv')} download>
        Export CSV
      </a>
      <a className="btn btn-secondary" href={exportUrl(appId, name, 'json')} download>
        Export JSON
      </a>
      <Modal
        open={step.kind !== 'idle'}
        title={step.kind === 'done' ? 'Import finished' : 'Importing documents'}
        locked={step.kind === 'sending'}
        onClose={() => setStep({ kind: 'idle' })}
        footer={
          step.kind === 'done' && (
            <button type="button" className="btn btn-primary" onClick={() => setStep({ kind: 'idle' })}>
              Close
            </button>
          )
        }
      >
        {step.kind === 'sending' && (
          <div>
            <p>
              Sending {step.fileName}: {Math.round(step.fraction * 100)}%{step.fraction >= 1 ? ', storing the documents…' : ''}
            </p>
            <progress className="db-import-progress" max={1} value={step.fraction} aria-label="Upload progress" />
          </div>
        )}
        {step.kind === 'done' && <ImportReportView report={step.report} message={step.message} />}
      </Modal>
    </div>
  );
}
