// The failed rows of an import: each bounded (a file's keys and texts can be a megabyte long), the
// first MAX_LISTED_ERRORS kept as records of the job, the rest only counted.
import type { AppContext } from '../../../context';
import type { FieldErrors } from '../../../http/errors';
import { DuplicateKeyError } from '../../../storage/port';
import { MAX_LISTED_ERRORS } from '../../../../rules/database-transfer';
import { importErrorId, importErrors } from './import-jobs';
import type { ImportErrorDoc, ImportRowError } from './import-jobs';

/** Per failed row: field errors kept, and the characters of a field's name and of a message. */
export const ROW_ERROR_LIMITS = { fields: 10, name: 100, message: 300 } as const;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function boundedRowError({ row, message, fieldErrors }: { row: number; message?: string; fieldErrors?: FieldErrors }): ImportRowError {
  const fields = Object.entries(fieldErrors ?? {}).slice(0, ROW_ERROR_LIMITS.fields);
  return {
    row,
    ...(message === undefined ? {} : { message: cut(message, ROW_ERROR_LIMITS.message) }),
    ...(fields.length > 0 ? { fieldErrors: Object.fromEntries(fields.map(([name, text]) => [cut(name, ROW_ERROR_LIMITS.name), cut(text, ROW_ERROR_LIMITS.message)])) } : {}),
  };
}

/** Keeps the batch's failures while fewer than MAX_LISTED_ERRORS are listed; answers how many it kept. */
export async function listRowErrors({ ctx, jobId, listed, errors }: { ctx: AppContext; jobId: string; listed: number; errors: ImportRowError[] }): Promise<number> {
  const kept: ImportErrorDoc[] = errors.slice(0, Math.max(0, MAX_LISTED_ERRORS - listed)).map((error) => ({ ...error, _id: importErrorId({ jobId, row: error.row }), jobId }));
  if (kept.length === 0) return 0;
  try {
    await importErrors(ctx).insertMany(kept);
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    // An instance whose lease ran out wrote some of them already: the same rows, the same records.
    for (const doc of kept) await importErrors(ctx).insertOne(doc).catch((again: unknown) => {
      if (!(again instanceof DuplicateKeyError)) throw again;
    });
  }
  return kept.length;
}
