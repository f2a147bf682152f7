// Import and export of a collection's documents: the limits and texts shared by the browser
// (checks before sending, the report after) and the server.
import { tooBig } from './uploads';
import { formatNumber } from './format-number';

/**
 * Largest file accepted by an import, in megabytes: a million rows of a dozen short columns
 * (about 65 MB as CSV) with room to spare; the file is stored until its import has finished.
 */
export const IMPORT_MAX_MB = 256;
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

/** At most this many imports of one app are queued or running at once (each holds its stored file). */
export const MAX_OPEN_IMPORTS = 3;
/** A CSV header may name the collection's fields and the system columns, and no more than this. */
export const MAX_IMPORT_COLUMNS = 200;
/** How often the screen asks how a running import is doing. */
export const IMPORT_POLL_MS = 1000;

export const IMPORT_MESSAGES = {
  started: 'Import started',
  queued: 'Waiting to start',
  emptyFile: 'The file is empty',
  noHeader: 'The file has no header row',
  tooManyOpen: `At most ${MAX_OPEN_IMPORTS} imports of an app can run at once: wait for one to finish`,
  tooManyColumns: `The header row has more than ${MAX_IMPORT_COLUMNS} columns`,
  blankColumn: (position: number): string => `Column ${position} of the header row has no name`,
  repeatedColumn: (name: string): string => `The column ${name} appears twice in the header row`,
  unknownColumns: (names: string[]): string =>
    `${names.length === 1 ? 'This column is' : 'These columns are'} not fields of the collection: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`,
  notFound: 'Import not found',
};

const documents = (n: number): string => `${formatNumber(n)} document${n === 1 ? '' : 's'}`;

/** The message of a running import: what is stored so far. */
export function importProgress({ imported, failed }: { imported: number; failed: number }): string {
  return `Importing: ${documents(imported)} so far${failed > 0 ? `; ${formatNumber(failed)} row${failed === 1 ? '' : 's'} failed` : ''}`;
}

export function importSummary({ imported, failed, complete }: { imported: number; failed: number; complete: boolean }): string {
  const parts = [`Imported ${documents(imported)}`];
  if (failed > 0) parts.push(`${formatNumber(failed)} row${failed === 1 ? '' : 's'} failed`);
  if (!complete) parts.push('the file could not be read to its end');
  return parts.join('; ');
}
