import type { GetAuthProvidersData, GetAuthProvidersResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { signInOptions } from '../../services/oauth/sign-in-options';

export const getAuthProviders = handler<GetAuthProvidersData, GetAuthProvidersResponse>(async ({ ctx }) => ({
  data: signInOptions({ config: ctx.config }),
}));
