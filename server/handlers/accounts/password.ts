import type { ForgotPasswordData, ForgotPasswordResponse, ResetPasswordData, ResetPasswordResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { RESET_REQUESTED, requestPasswordReset, resetPassword as reset } from '../../services/accounts/password-reset';

export const forgotPassword = handler<ForgotPasswordData, ForgotPasswordResponse>(async ({ body, ctx, req }) => {
  await requestPasswordReset({ ctx, email: body.email, captchaToken: body.captchaToken, ip: req.ip ?? '' });
  return { data: null, message: RESET_REQUESTED };
});

export const resetPassword = handler<ResetPasswordData, ResetPasswordResponse>(async ({ body, ctx, req }) => {
  await reset({ ctx, token: body.token, password: body.password, captchaToken: body.captchaToken, ip: req.ip ?? '' });
  return { data: null, message: 'Your password has been reset. Please log in.' };
});
