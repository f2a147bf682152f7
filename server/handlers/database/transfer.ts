// Import and export of a collection's documents (docs/database.md, "Import and export"): the
// import reads its body as a stream (x-streamed-body), the export writes its answer as one.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type {
  ExportDatabaseDocumentsData,
  ImportDatabaseDocumentsData,
  ImportDatabaseDocumentsResponse,
} from '../../../generated/client/types.gen';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import { AppError } from '../../http/errors';
import { findOwnedApp } from '../../services/developer/owned-app';
import { findCollection } from '../../services/database/collections';
import { importDocuments } from '../../services/database/transfer/import-documents';
import { exportChunks } from '../../services/database/transfer/export-documents';
import type { ImportFormat } from '../../../rules/database-transfer';
import { IMPORT_MAX_BYTES, importSummary, importTooBig } from '../../../rules/database-transfer';

/** The declared media types leave three: CSV, NDJSON, or a JSON array. */
const formatOf = (req: Request): ImportFormat => (req.is('text/csv') ? 'csv' : req.is('application/x-ndjson') ? 'ndjson' : 'json');

export const importDatabaseDocuments = handler<ImportDatabaseDocumentsData, ImportDatabaseDocumentsResponse>(async ({ ctx, req, res, path }) => {
  await findOwnedApp({ ctx, userId: requireUserId(req), appId: path.appId });
  if (Number(req.get('content-length') ?? 0) > IMPORT_MAX_BYTES) throw new AppError(413, importTooBig());
  const report = await importDocuments({ ctx, appId: path.appId, name: path.name, format: formatOf(req), body: req });
  // The rest of an unfinished upload is not read: close the connection after the answer.
  if (!report.complete) res.set('Connection', 'close');
  return { data: report, message: importSummary(report) };
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
