import type {
  CountDocumentsData,
  CountDocumentsResponse,
  CreateDocumentData,
  CreateDocumentResponse,
  DeleteDocumentData,
  DeleteDocumentResponse,
  GetDocumentData,
  GetDocumentResponse,
  ListDocumentsData,
  ListDocumentsResponse,
  UpdateDocumentData,
  UpdateDocumentResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as documents from '../../services/database/documents';
import { expandList } from '../../http/expand-list';
import { ownedAppId } from '../../services/developer/owned-app';

export const listDocuments = handler<ListDocumentsData, ListDocumentsResponse>(async ({ ctx, req, path, query }) => ({
  data: await documents.listDocuments({
    ctx,
    appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }),
    name: path.name,
    page: query?.page,
    limit: query?.limit,
    query: query?.query,
    sort: query?.sort,
    expand: expandList(query?.expand),
    view: 'owner',
  }),
}));

export const countDocuments = handler<CountDocumentsData, CountDocumentsResponse>(async ({ ctx, req, path, query }) => ({
  data: { count: await documents.countDocuments({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, query: query?.query }) },
}));

export const getDocument = handler<GetDocumentData, GetDocumentResponse>(async ({ ctx, req, path, query }) => ({
  data: await documents.getDocument({
    ctx,
    appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }),
    name: path.name,
    docId: path.docId,
    expand: expandList(query?.expand),
    view: 'owner',
  }),
}));

export const createDocument = handler<CreateDocumentData, CreateDocumentResponse>(async ({ ctx, req, path, body }) => ({
  data: await documents.createDocument({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, input: body, view: 'owner' }),
  message: 'Document created successfully',
}));

export const updateDocument = handler<UpdateDocumentData, UpdateDocumentResponse>(async ({ ctx, req, path, body }) => ({
  data: await documents.updateDocument({
    ctx,
    appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }),
    name: path.name,
    docId: path.docId,
    input: body,
    view: 'owner',
  }),
  message: 'Document updated successfully',
}));

export const deleteDocument = handler<DeleteDocumentData, DeleteDocumentResponse>(async ({ ctx, req, path }) => {
  await documents.deleteDocument({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, docId: path.docId });
  return { data: null, message: 'Document deleted successfully' };
});
