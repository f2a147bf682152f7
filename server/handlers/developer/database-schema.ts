import type {
  DeleteCollectionSchemaData,
  DeleteCollectionSchemaResponse,
  GetCollectionSchemaData,
  GetCollectionSchemaResponse,
  SaveCollectionSchemaData,
  SaveCollectionSchemaResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as schemas from '../../services/database/schema';
import { ownedAppId } from '../../services/developer/owned-app';

export const getCollectionSchema = handler<GetCollectionSchemaData, GetCollectionSchemaResponse>(async ({ ctx, req, path }) => ({
  data: await schemas.getCollectionSchema({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name }),
}));

export const saveCollectionSchema = handler<SaveCollectionSchemaData, SaveCollectionSchemaResponse>(async ({ ctx, req, path, body }) => {
  const appId = await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId });
  const { schema, change } = await schemas.saveCollectionSchema({ ctx, appId, name: path.name, input: body });
  return { data: schema, message: `Collection field ${change} successfully` };
});

export const deleteCollectionSchema = handler<DeleteCollectionSchemaData, DeleteCollectionSchemaResponse>(async ({ ctx, req, path }) => ({
  data: await schemas.deleteCollectionSchema({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name }),
  message: 'Collection schema deleted successfully',
}));
