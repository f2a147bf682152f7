import type { UnsubscribeAccountData, UnsubscribeAccountResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { UNSUBSCRIBED, unsubscribe } from '../../services/account-profile/unsubscribe';

export const unsubscribeAccount = handler<UnsubscribeAccountData, UnsubscribeAccountResponse>(async ({ query, ctx }) => ({
  data: await unsubscribe({ ctx, guid: query.guid, email: query.email }),
  message: UNSUBSCRIBED,
}));
