// A collection's documents as a resource description built at run time (docs/resource-screens.md,
// "User-defined schemas"): columns, formats and the new/update form come from the collection's
// own fields instead of a generated schema; the operations are the generated ones. The list
// reads relations expanded so their cells show the related documents' labels (RelationCell.tsx).
import { createDocument, deleteDocument, listDocuments, updateDocument } from '../../../../../../generated/client/sdk.gen';
import { listDocumentsQueryKey } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { DbDocument } from '../../../../../../generated/client/types.gen';
import { documentForm, relationFields } from '../../../../../../forms/database/document-form';
import { documentSchema } from '../../../../../../rules/database-fields';
import { runtimeEntry } from '../../../../../../forms/schemas';
import { defineResource } from '../../../../../../forms/resource/description';
import type { SearchChoice } from '../../../../../../forms/resource/description';
import type { DatabaseField } from '../../../../../../rules/database-fields';
import { DB_TEXTS } from '../texts';
import { DbDocumentInputSchema } from '../../../../../../generated/schemas/DbDocumentInput';

// Searched with a case-insensitive regex: the text-like fields.
const SEARCHABLE = new Set(['text', 'email', 'rich-text', 'url', 'enumeration', 'uid']);

export function documentsResource({ appId, attributes }: { appId: string; attributes: ReadonlyArray<DatabaseField> }) {
  const shown = attributes.filter((field) => field.type !== 'password');
  const searchable: SearchChoice[] = shown.filter((field) => SEARCHABLE.has(field.type) && !field.validation?.array).map((field) => ({ field: field.name }));
  const [first, ...others] = [...searchable, { field: '_id', exact: true }];
  const expand = relationFields(attributes).map((field) => field.name).join(',') || undefined;
  const list = (options: Parameters<typeof listDocuments>[0]) => listDocuments({ ...options, query: { ...options.query, expand } });
  // An expanded relation is no name: the row falls back to its id.
  const named = (value: unknown): string => (value === null || value === undefined || typeof value === 'object' ? '' : String(value));
  return defineResource({
    schema: runtimeEntry({ name: 'DbDocument', schema: documentSchema({ attributes, mode: 'read' }) }),
    form: documentForm<DbDocument>(attributes, { appId }),
    idField: '_id',
    idParam: 'docId',
    list: { operationId: 'listDocuments', call: list, queryKey: listDocumentsQueryKey },
    create: { operationId: 'createDocument', call: createDocument, body: DbDocumentInputSchema },
    update: { operationId: 'updateDocument', call: updateDocument, body: DbDocumentInputSchema },
    delete: { operationId: 'deleteDocument', call: deleteDocument },
    columns: [...shown.map((field) => field.name), '_created'],
    // Row buttons read 'Edit Lamp': the first field's value names the document, else its id.
    rowName: (row) => named(row[shown[0]?.name ?? '_id']) || row._id,
    sort: { field: '_created', direction: 'desc' },
    pageSize: 10,
    search: { ...first, choices: others },
    rowActions: [
      { id: 'edit', label: 'Edit' },
      { id: 'duplicate', label: 'Duplicate' },
      { id: 'delete', label: 'Delete', danger: true },
    ],
    texts: {
      title: 'Documents',
      subtitle: { one: '{n} Document found', other: '{n} Documents found' },
      empty: DB_TEXTS.noDocuments,
      created: DB_TEXTS.documentCreated,
      updated: DB_TEXTS.documentUpdated,
      deleted: DB_TEXTS.documentDeleted,
      createTitle: 'New document',
      editTitle: 'Update document',
      deleteTitle: 'Delete document',
      deleteText: 'Delete this document? This cannot be undone.',
    },
  });
}
