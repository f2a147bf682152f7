import type { RegisterUserData, RegisterUserResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { destinationAfterSignIn } from '../../services/accounts/destinations';
import { registerUser as register } from '../../services/accounts/register';
import { signIn } from '../../services/accounts/session-auth';
import { toPublicUser } from '../../services/accounts/users';

export const registerUser = handler<RegisterUserData, RegisterUserResponse>(async ({ body, query, ctx, req }) => {
  const user = await register({
    ctx,
    email: body.username,
    fullName: body.fullName,
    password: body.password,
    captchaToken: body.captchaToken,
    serviceName: body.serviceName,
    ip: req.ip ?? '',
  });
  await signIn({ req, userId: user._id });
  const redirectUrl = destinationAfterSignIn({ user, redirectUrl: body.redirectUrl ?? query?.redirectUrl, developer: body.developer });
  return { status: 201, data: { mfaRequired: false, user: toPublicUser(user), redirectUrl }, message: 'Check your inbox' };
});
