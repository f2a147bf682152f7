import type {
  DisableMfaData,
  DisableMfaResponse,
  EnableMfaData,
  EnableMfaResponse,
  SetupMfaData,
  SetupMfaResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as mfa from '../../services/accounts/mfa';
import { toPublicUser } from '../../services/accounts/users';

export const setupMfa = handler<SetupMfaData, SetupMfaResponse>(async ({ ctx, req }) => ({
  data: await mfa.setupMfa({ ctx, userId: requireUserId(req) }),
  message: 'Scan the QR code with your authenticator app, then enter a code',
}));

export const enableMfa = handler<EnableMfaData, EnableMfaResponse>(async ({ body, ctx, req }) => ({
  data: toPublicUser(await mfa.enableMfa({ ctx, userId: requireUserId(req), token: body.token })),
  message: 'Two-factor authentication is on',
}));

export const disableMfa = handler<DisableMfaData, DisableMfaResponse>(async ({ body, ctx, req }) => ({
  data: toPublicUser(await mfa.disableMfa({ ctx, userId: requireUserId(req), password: body.password, token: body.token })),
  message: 'Two-factor authentication is off',
}));
