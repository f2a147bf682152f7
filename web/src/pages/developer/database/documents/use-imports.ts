// The collection's imports as the screens follow them: one import polled every IMPORT_POLL_MS until
// it has finished, and the newest import still queued or running (shown after a reload, or after
// its popup was closed), polled the same way while there is one.
import { useQuery } from '@tanstack/react-query';
import { getDatabaseImportOptions, listDatabaseImportsOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { DocumentImport, DocumentImportSummary } from '../../../../../../generated/client/types.gen';
import { IMPORT_POLL_MS } from '../../../../../../rules/database-transfer';

const isOpen = (job: Pick<DocumentImportSummary, 'status'>): boolean => job.status !== 'finished';

export function useImport({ appId, name, importId }: { appId: string; name: string; importId: string | null }): { job?: DocumentImport; message?: string } {
  const query = useQuery({
    ...getDatabaseImportOptions({ path: { appId, name, importId: importId ?? '' } }),
    enabled: importId !== null,
    refetchInterval: (current) => (current.state.data && !isOpen(current.state.data.data) ? false : IMPORT_POLL_MS),
  });
  return { job: query.data?.data, message: query.data?.message };
}

export function useOpenImport({ appId, name }: { appId: string; name: string }): DocumentImportSummary | undefined {
  const query = useQuery({
    ...listDatabaseImportsOptions({ path: { appId, name } }),
    refetchInterval: (current) => (current.state.data?.data.some(isOpen) ? IMPORT_POLL_MS : false),
  });
  return query.data?.data.find(isOpen);
}
