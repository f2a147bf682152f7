// Sends an import file as the request body with XMLHttpRequest, the one browser API that
// reports upload progress, and hands back the server's envelope (202 with the queued import).
import type { DocumentImportEnvelope } from '../../../../../../generated/client/types.gen';
import type { ImportFormat } from '../../../../../../rules/database-transfer';
import { IMPORT_MEDIA_TYPES } from '../../../../../../rules/database-transfer';

export const importUrl = (appId: string, name: string): string =>
  `/integrations/developer/apps/${encodeURIComponent(appId)}/db/collection/${encodeURIComponent(name)}/document/import`;

export const exportUrl = (appId: string, name: string, format: 'csv' | 'json'): string =>
  `/integrations/developer/apps/${encodeURIComponent(appId)}/db/collection/${encodeURIComponent(name)}/document/export?format=${format}`;

export type ImportAnswer = { status: number; body: Partial<DocumentImportEnvelope> & { message?: string } };

export function uploadImport({ url, file, format, onProgress }: { url: string; file: File; format: ImportFormat; onProgress: (fraction: number) => void }): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', IMPORT_MEDIA_TYPES[format]);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response ?? {}) as ImportAnswer['body'] });
    xhr.onerror = () => reject(new Error('The file could not be sent. Check your connection and try again.'));
    xhr.send(file);
  });
}
