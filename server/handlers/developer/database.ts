import type {
  CreateCollectionData,
  CreateCollectionResponse,
  CreateDatabaseData,
  CreateDatabaseResponse,
  DeleteCollectionData,
  DeleteCollectionResponse,
  DeleteDatabaseData,
  DeleteDatabaseResponse,
  GetCollectionData,
  GetCollectionResponse,
  GetDatabaseData,
  GetDatabaseResponse,
  ListCollectionsData,
  ListCollectionsResponse,
  RenameCollectionData,
  RenameCollectionResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as collections from '../../services/database/collections';
import * as databases from '../../services/database/databases';
import { ownedAppId } from '../../services/developer/owned-app';

export const getDatabase = handler<GetDatabaseData, GetDatabaseResponse>(async ({ ctx, req, path }) => ({
  data: await databases.getDatabase({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }) }),
}));

export const createDatabase = handler<CreateDatabaseData, CreateDatabaseResponse>(async ({ ctx, req, path }) => ({
  data: await databases.createDatabase({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }) }),
  message: 'Database created successfully',
}));

export const deleteDatabase = handler<DeleteDatabaseData, DeleteDatabaseResponse>(async ({ ctx, req, path }) => ({
  data: await databases.deleteDatabase({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }) }),
  message: 'Database deleted successfully',
}));

export const listCollections = handler<ListCollectionsData, ListCollectionsResponse>(async ({ ctx, req, path }) => ({
  data: await collections.listCollections({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }) }),
}));

export const getCollection = handler<GetCollectionData, GetCollectionResponse>(async ({ ctx, req, path }) => ({
  data: await collections.getCollection({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name }),
}));

export const createCollection = handler<CreateCollectionData, CreateCollectionResponse>(async ({ ctx, req, path, body }) => {
  const appId = await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId });
  const collection = await collections.createCollection({ ctx, appId, name: path.name, input: body });
  return { data: collection, message: `Collection ${collection.name} created successfully.` };
});

export const renameCollection = handler<RenameCollectionData, RenameCollectionResponse>(async ({ ctx, req, path, body }) => ({
  data: await collections.renameCollection({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, input: body }),
  message: 'Collection name updated successfully',
}));

export const deleteCollection = handler<DeleteCollectionData, DeleteCollectionResponse>(async ({ ctx, req, path }) => {
  const appId = await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId });
  const name = await collections.deleteCollection({ ctx, appId, name: path.name });
  return { data: null, message: `Collection ${name} has been deleted` };
});
