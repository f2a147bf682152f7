// The public data API (docs/public-data-api.md): callers are told apart by their Authorization
// header or the owner's portal session; the service checks them against the collection's rules.
import type { Request, Response } from 'express';
import type {
  BatchDataDocumentsData,
  BatchDataDocumentsResponse,
  CountDataDocumentsData,
  CountDataDocumentsResponse,
  CreateDataDocumentData,
  CreateDataDocumentResponse,
  DeleteDataDocumentData,
  DeleteDataDocumentResponse,
  GetDataDocumentData,
  GetDataDocumentResponse,
  GetDataOpenApiData,
  ListDataDocumentsData,
  ListDataDocumentsResponse,
  UpdateDataDocumentData,
  UpdateDataDocumentResponse,
} from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { handler, noRawReply } from '../../http/handler';
import * as data from '../../services/database/public/public-documents';
import type { PublicRequest } from '../../services/database/public/public-documents';
import { liveDocument } from '../../services/database/public/live-document';
import { batchPublicDocuments } from '../../services/database/public/batch';
import { etagOf } from '../../services/database/versions';
import type { DbDocument } from '../../services/database/model';

/** The record's version as a strong validator; not with expand, whose related records change on their own. */
const tagged = ({ res, doc, expand }: { res: Response; doc: DbDocument; expand?: unknown }): DbDocument => {
  if (expand === undefined) res.set('ETag', etagOf(doc));
  return doc;
};

const from = ({ ctx, req, path }: { ctx: AppContext; req: Request; path: { appId: string; collection: string } }): PublicRequest => ({
  ctx,
  appId: path.appId,
  collection: path.collection,
  authorization: req.headers.authorization,
  sessionUserId: req.session?.userId,
});

export const listDataDocuments = handler<ListDataDocumentsData, ListDataDocumentsResponse>(async ({ ctx, req, path, query }) => ({
  data: await data.listPublicDocuments({ ...from({ ctx, req, path }), page: query?.page, limit: query?.limit, query: query?.query, sort: query?.sort, cursor: query?.cursor, expand: query?.expand }),
}));

export const countDataDocuments = handler<CountDataDocumentsData, CountDataDocumentsResponse>(async ({ ctx, req, path, query }) => ({
  data: { count: await data.countPublicDocuments({ ...from({ ctx, req, path }), query: query?.query }) },
}));

export const getDataDocument = handler<GetDataDocumentData, GetDataDocumentResponse>(async ({ ctx, req, res, path, query }) => ({
  data: tagged({ res, doc: await data.getPublicDocument({ ...from({ ctx, req, path }), docId: path.docId, expand: query?.expand }), expand: query?.expand }),
}));

export const createDataDocument = handler<CreateDataDocumentData, CreateDataDocumentResponse>(async ({ ctx, req, res, path, body }) => ({
  status: 201,
  data: tagged({ res, doc: await data.createPublicDocument({ ...from({ ctx, req, path }), body }) }),
  message: 'Document created successfully',
}));

export const updateDataDocument = handler<UpdateDataDocumentData, UpdateDataDocumentResponse>(async ({ ctx, req, res, path, body }) => ({
  data: tagged({ res, doc: await data.updatePublicDocument({ ...from({ ctx, req, path }), docId: path.docId, body, ifMatch: req.headers['if-match'] }) }),
  message: 'Document updated successfully',
}));

export const deleteDataDocument = handler<DeleteDataDocumentData, DeleteDataDocumentResponse>(async ({ ctx, req, path }) => {
  await data.deletePublicDocument({ ...from({ ctx, req, path }), docId: path.docId, ifMatch: req.headers['if-match'] });
  return { data: null, message: 'Document deleted successfully' };
});

export const batchDataDocuments = handler<BatchDataDocumentsData, BatchDataDocumentsResponse>(async ({ ctx, req, path, body }) => ({
  data: {
    results: await batchPublicDocuments({ ctx, appId: path.appId, authorization: req.headers.authorization, sessionUserId: req.session?.userId, operations: body.operations }),
  },
}));

/** The document itself, not an envelope: tools read it as it is. */
export const getDataOpenApi = handler<GetDataOpenApiData>(async ({ ctx, req, res, path }) => {
  const document = await liveDocument({ ctx, appId: path.appId, authorization: req.headers.authorization, sessionUserId: req.session?.userId });
  res.set('Cache-Control', 'no-store').json(document);
  return noRawReply;
});
