// Import and export of a collection's documents: the limits and texts shared by the browser
// (checks before sending, the report after) and the server.
import { tooBig } from './uploads';
import { formatNumber } from './format-number';

/** Largest file accepted by an import, in megabytes. */
export const IMPORT_MAX_MB = 100;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const importTooBig = (): string => tooBig(IMPORT_MAX_MB);

/** The media type of each format an import reads, by file extension. */
export const IMPORT_MEDIA_TYPES = { csv: 'text/csv', json: 'application/json', ndjson: 'application/x-ndjson' } as const;
export type ImportFormat = keyof typeof IMPORT_MEDIA_TYPES;
export const IMPORT_ACCEPT = '.csv,.json,.ndjson,.jsonl,text/csv,application/json,application/x-ndjson';

/** The format of a file by its name, or undefined when the import cannot read it. */
export function importFormatOf(fileName: string): ImportFormat | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  return undefined;
}
export const UNREADABLE_FORMAT = 'Choose a .csv, .json or .ndjson file';

/** At most this many failed rows are listed in a report; all are counted. */
export const MAX_LISTED_ERRORS = 1000;

const documents = (n: number): string => `${formatNumber(n)} document${n === 1 ? '' : 's'}`;

export function importSummary({ imported, failed, complete }: { imported: number; failed: number; complete: boolean }): string {
  const parts = [`Imported ${documents(imported)}`];
  if (failed > 0) parts.push(`${formatNumber(failed)} row${failed === 1 ? '' : 's'} failed`);
  if (!complete) parts.push('the file could not be read to its end');
  return parts.join('; ');
}
