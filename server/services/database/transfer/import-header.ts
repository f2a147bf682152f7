// A CSV's header row, read once when its file is stored: every column must name a field of the
// collection (or a system column, ignored), so a file meant for another collection is refused at
// once instead of failing on every row.
import type { AppContext } from '../../../context';
import { ValidationError } from '../../../http/errors';
import { IMPORT_MESSAGES, MAX_IMPORT_COLUMNS } from '../../../../rules/database-transfer';
import { blobStoreOf } from '../../blobs';
import type { CollectionDoc } from '../model';
import { SYSTEM_FIELDS } from '../validate-document';
import type { FilePosition } from './file-position';
import { readCsvHeader } from './read-rows';

/** Longest column name a message repeats. */
const NAME_IN_MESSAGE = 50;
const shown = (name: string): string => (name.length > NAME_IN_MESSAGE ? `${name.slice(0, NAME_IN_MESSAGE - 1)}…` : name);

function problemOf({ columns, collection }: { columns: string[]; collection: CollectionDoc }): string | undefined {
  if (columns.length > MAX_IMPORT_COLUMNS) return IMPORT_MESSAGES.tooManyColumns;
  const blank = columns.findIndex((name) => name === '');
  if (blank !== -1) return IMPORT_MESSAGES.blankColumn(blank + 1);
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated !== undefined) return IMPORT_MESSAGES.repeatedColumn(shown(repeated));
  const known = new Set<string>([...SYSTEM_FIELDS, ...collection.attributes.map((field) => field.name)]);
  const unknown = columns.filter((name) => !known.has(name));
  return unknown.length > 0 ? IMPORT_MESSAGES.unknownColumns(unknown.map(shown)) : undefined;
}

/** The stored file's columns and where its data rows start; a 400 naming what is wrong with the header. */
export async function checkedHeader({ ctx, blobKey, collection }: { ctx: AppContext; blobKey: string; collection: CollectionDoc }): Promise<{ columns: string[]; end: FilePosition }> {
  const blob = await blobStoreOf(ctx).get(blobKey);
  if (!blob) throw new Error(`The import file ${blobKey} was not stored`);
  const header = await readCsvHeader({ body: blob.body }).finally(() => blob.body.destroy());
  if (!header) throw new ValidationError(IMPORT_MESSAGES.noHeader);
  if ('problem' in header) throw new ValidationError(header.problem);
  const problem = problemOf({ columns: header.columns, collection });
  if (problem) throw new ValidationError(problem);
  return header;
}
