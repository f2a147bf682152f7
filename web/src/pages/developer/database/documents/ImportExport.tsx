// Import and Export of the collection's documents, in the Documents tab's toolbar: export
// downloads CSV or JSON; import sends a CSV, JSON or NDJSON file with a progress bar for the
// upload, then follows the import the server runs in the background (rows done and failed, the
// share of the file read) until it finishes and shows its per-row report. A running import stays
// in the toolbar when its popup is closed or the page is reloaded (docs/database.md, "Import and export").
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { listDatabaseImportsQueryKey } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { Modal } from '../../../../components/Modal';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, importFormatOf, importTooBig, UNREADABLE_FORMAT } from '../../../../../../rules/database-transfer';
import { formatNumber } from '../../../../../../rules/format-number';
import { exportUrl, importUrl, uploadImport } from './import-upload';
import { ImportProgressView, ImportReportView } from './ImportReport';
import { useImport, useOpenImport } from './use-imports';
import './ImportExport.css';

type Step = { kind: 'idle' } | { kind: 'sending'; fileName: string; fraction: number } | { kind: 'watching'; importId: string };

export function ImportExport({ appId, name }: { appId: string; name: string }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const { job, message } = useImport({ appId, name, importId: step.kind === 'watching' ? step.importId : null });
  const running = useOpenImport({ appId, name });
  const finished = job?.status === 'finished';

  // Once an import has finished (the one followed, or the one the toolbar showed), the table shows its documents, once.
  const lastRunning = useRef<string | undefined>(undefined);
  const refreshedFor = useRef<string | undefined>(undefined);
  const followedId = job?.id;
  useEffect(() => {
    const ended = finished ? followedId : running === undefined ? lastRunning.current : undefined;
    lastRunning.current = running?.id;
    if (ended === undefined || refreshedFor.current === ended) return;
    refreshedFor.current = ended;
    void queryClient.invalidateQueries({ predicate: (query) => (query.queryKey[0] as { _id?: string } | undefined)?._id === 'listDocuments' });
  }, [finished, followedId, running, queryClient]);

  const send = async (file: File) => {
    const format = importFormatOf(file.name);
    if (!format) return void toast.error(UNREADABLE_FORMAT);
    if (file.size > IMPORT_MAX_BYTES) return void toast.error(importTooBig());
    setStep({ kind: 'sending', fileName: file.name, fraction: 0 });
    try {
      const { status, body } = await uploadImport({ url: importUrl(appId, name), file, format, onProgress: (fraction) => setStep({ kind: 'sending', fileName: file.name, fraction }) });
      if (status !== 202 || !body.data) {
        setStep({ kind: 'idle' });
        return void toast.error(body.message || 'The import failed');
      }
      setStep({ kind: 'watching', importId: body.data.id });
      await queryClient.invalidateQueries({ queryKey: listDatabaseImportsQueryKey({ path: { appId, name } }) });
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
      {running && step.kind === 'idle' && (
        <button type="button" className="btn btn-link db-import-running" onClick={() => setStep({ kind: 'watching', importId: running.id })}>
          Importing: {formatNumber(running.imported + running.failed)} rows done, {formatNumber(running.failed)} failed
        </button>
      )}
      <Modal
        open={step.kind !== 'idle'}
        title={finished ? 'Import finished' : 'Importing documents'}
        locked={step.kind === 'sending'}
        onClose={() => setStep({ kind: 'idle' })}
        footer={
          step.kind === 'watching' && (
            <button type="button" className="btn btn-primary" onClick={() => setStep({ kind: 'idle' })}>
              Close
            </button>
          )
        }
      >
        {step.kind === 'sending' && (
          <div>
            <p>
              Sending {step.fileName}: {Math.round(step.fraction * 100)}%{step.fraction >= 1 ? ', storing the file…' : ''}
            </p>
            <progress className="db-import-progress" max={1} value={step.fraction} aria-label="Upload progress" />
          </div>
        )}
        {step.kind === 'watching' && !job && <p>Loading…</p>}
        {step.kind === 'watching' && job && (finished ? <ImportReportView job={job} message={message ?? ''} /> : <ImportProgressView job={job} message={message ?? ''} />)}
      </Modal>
    </div>
  );
}
