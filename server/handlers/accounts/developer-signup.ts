import type {
  GetDeveloperSignupData,
  GetDeveloperSignupResponse,
  SignupDeveloperData,
  SignupDeveloperResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { DEVELOPER_WELCOME, developerStatus, signupDeveloper as signup } from '../../services/accounts/developers';

export const getDeveloperSignup = handler<GetDeveloperSignupData, GetDeveloperSignupResponse>(async ({ ctx, req }) => ({
  data: await developerStatus({ ctx, userId: requireUserId(req) }),
}));

export const signupDeveloper = handler<SignupDeveloperData, SignupDeveloperResponse>(async ({ body, ctx, req }) => ({
  data: await signup({ ctx, userId: requireUserId(req), captchaToken: body.captchaToken, ip: req.ip ?? '' }),
  message: DEVELOPER_WELCOME,
}));
