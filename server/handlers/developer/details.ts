import type {
  GetDeveloperDetailsData,
  GetDeveloperDetailsResponse,
  UpdateDeveloperDetailsData,
  UpdateDeveloperDetailsResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { getDeveloperProfile, updateDeveloperProfile } from '../../services/developer/developer-profile';

export const getDeveloperDetails = handler<GetDeveloperDetailsData, GetDeveloperDetailsResponse>(async ({ ctx, req }) => ({
  data: await getDeveloperProfile({ ctx, userId: requireUserId(req) }),
}));

export const updateDeveloperDetails = handler<UpdateDeveloperDetailsData, UpdateDeveloperDetailsResponse>(async ({ ctx, req, body }) => ({
  data: await updateDeveloperProfile({ ctx, userId: requireUserId(req), input: body }),
  message: 'Developer updated',
}));
