import type { ListFeaturesData, ListFeaturesResponse, SaveFeaturesData, SaveFeaturesResponse } from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as features from '../../services/payments/features';

export const listFeatures = handler<ListFeaturesData, ListFeaturesResponse>(async ({ ctx, req, path }) => ({
  data: await features.listFeatures({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const saveFeatures = handler<SaveFeaturesData, SaveFeaturesResponse>(async ({ ctx, req, path, body }) => ({
  data: await features.saveFeatures({ ctx, userId: requireUserId(req), appId: path.appId, input: body }),
  message: 'Features saved',
}));
