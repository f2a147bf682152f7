// Exports a collection's documents as CSV or JSON text, produced a page at a time (keyset pages
// on _id, each one indexed read), so a collection of any size streams out in flat memory.
// Password fields never leave; the CSV writes json and array values as JSON text, which the
// import reads back.
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../../context';
import type { CollectionDoc, DbDocument, Field } from '../model';
import { documentStore } from '../model';
import { isAnswered, viewDocument } from '../view';
import { SYSTEM_FIELDS } from '../validate-document';
import { toCsvCell } from './csv-cells';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_PAGE_SIZE = 1000;

/** What the owner reads of a document is what leaves: never a password. */
const exported = (collection: CollectionDoc): Field[] => collection.attributes.filter((field) => isAnswered(field, 'owner'));

async function* documentPages({ ctx, collection }: { ctx: AppContext; collection: CollectionDoc }): AsyncGenerator<DbDocument[]> {
  const store = documentStore(ctx, collection._id);
  let after: string | undefined;
  for (;;) {
    const page = await store.find(after === undefined ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: EXPORT_PAGE_SIZE });
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = page[page.length - 1]._id;
  }
}

async function* csvChunks({ ctx, collection }: { ctx: AppContext; collection: CollectionDoc }): AsyncGenerator<string> {
  const fields = exported(collection);
  yield stringify([[...SYSTEM_FIELDS, ...fields.map((field) => field.name)]]);
  for await (const page of documentPages({ ctx, collection })) {
    yield stringify(
      page.map((doc) => [
        ...SYSTEM_FIELDS.map((column) => toCsvCell({ value: doc[column] })),
        ...fields.map((field) => toCsvCell({ field, value: doc[field.name] })),
      ]),
    );
  }
}

async function* jsonChunks({ ctx, collection }: { ctx: AppContext; collection: CollectionDoc }): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of documentPages({ ctx, collection })) {
    yield `${first ? '' : ','}\n${page.map((doc) => JSON.stringify(viewDocument({ doc, collection, view: 'owner' }))).join(',\n')}`;
    first = false;
  }
  yield '\n]\n';
}

/** The file's text in chunks, for a collection already found for an authorised app. */
export const exportChunks = ({ ctx, collection, format }: { ctx: AppContext; collection: CollectionDoc; format: ExportFormat }): AsyncGenerator<string> =>
  format === 'csv' ? csvChunks({ ctx, collection }) : jsonChunks({ ctx, collection });
