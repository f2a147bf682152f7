// Import and export of a collection's documents (docs/database.md, "Import and export"): the
// import stores its body as a stream (x-streamed-body) and answers 202 with the queued import,
// whose progress the status call gives; the export writes its answer as a stream.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type {
  ExportDatabaseDocumentsData,
  GetDatabaseImportData,
  GetDatabaseImportResponse,
  ImportDatabaseDocumentsData,
  ImportDatabaseDocumentsResponse,
  ListDatabaseImportsData,
  ListDatabaseImportsResponse,
} from '../../../generated/client/types.gen';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import { AppError } from '../../http/errors';
import { findOwnedApp } from '../../services/developer/owned-app';
import { findCollection } from '../../services/database/collections';
import { exportChunks } from '../../services/database/transfer/export-documents';
import { startImport } from '../../services/database/transfer/import-start';
import { toDocumentImport } from '../../services/database/transfer/import-jobs';
import { getImport, importMessage, listImports } from '../../services/database/transfer/import-status';
import type { ImportFormat } from '../../../rules/database-transfer';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, importTooBig } from '../../../rules/database-transfer';

/** The declared media types leave three: CSV, NDJSON, or a JSON array. */
const formatOf = (req: Request): ImportFormat => (req.is('text/csv') ? 'csv' : req.is('application/x-ndjson') ? 'ndjson' : 'json');

const declaredLength = (req: Request): number | undefined => {
  const header = req.get('content-length');
  return header === undefined ? undefined : Number(header);
};

export const importDatabaseDocuments = handler<ImportDatabaseDocumentsData, ImportDatabaseDocumentsResponse>(async ({ ctx, req, res, path }) => {
  await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  const size = declaredLength(req);
  if (size !== undefined && size > IMPORT_MAX_BYTES) throw new AppError(413, importTooBig());
  const job = await startImport({ ctx, appId: path.appId, name: path.name, format: formatOf(req), body: req, size }).catch((err: unknown) => {
    // The rest of a refused upload is not read: close the connection after the answer.
    res.set('Connection', 'close');
    throw err;
  });
  res.set('Location', `${req.baseUrl}${req.path}/${job._id}`);
  return { status: 202, data: toDocumentImport(job), message: IMPORT_MESSAGES.started };
});

export const listDatabaseImports = handler<ListDatabaseImportsData, ListDatabaseImportsResponse>(async ({ ctx, req, path }) => {
  await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: await listImports({ ctx, appId: path.appId, name: path.name }) };
});

export const getDatabaseImport = handler<GetDatabaseImportData, GetDatabaseImportResponse>(async ({ ctx, req, path }) => {
  await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  const found = await getImport({ ctx, appId: path.appId, importId: path.importId });
  return { data: found, message: importMessage(found) };
});

export const exportDatabaseDocuments = handler<ExportDatabaseDocumentsData>(async ({ ctx, req, res, path, query }) => {
  await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  const collection = await findCollection({ ctx, appId: path.appId, name: path.name });
  const format = query?.format ?? 'csv';
  res.set({
    'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${collection.name}.${format}"`,
    'Cache-Control': 'no-store',
  });
  try {
    await pipeline(Readable.from(exportChunks({ ctx, collection, format })), res);
  } catch {
    // The answer has started: the client sees a cut download, never a second answer.
    res.destroy();
  }
  return noRawReply;
});
