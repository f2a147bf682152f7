import type {
  ConfirmEmailData,
  ConfirmEmailResponse,
  ResendEmailConfirmationData,
  ResendEmailConfirmationResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { confirmEmail as confirm, resendConfirmationMail } from '../../services/accounts/email-confirmation';
import { toPublicUser } from '../../services/accounts/users';

export const confirmEmail = handler<ConfirmEmailData, ConfirmEmailResponse>(async ({ path, ctx }) => {
  const user = await confirm({ ctx, token: path.token });
  return { data: toPublicUser(user), message: 'Your email has been confirmed' };
});

export const resendEmailConfirmation = handler<ResendEmailConfirmationData, ResendEmailConfirmationResponse>(async ({ ctx, req }) => {
  await resendConfirmationMail({ ctx, userId: requireUserId(req), ip: req.ip ?? '' });
  return { data: null, message: 'We sent you a new confirmation email' };
});
