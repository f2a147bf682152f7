// /auth/{provider} and /auth/{provider}/callback for each provider. Both legs answer with
// redirects, never JSON: the browser is in a popup, and /auth/post-login tells the opener.
import type { Request, Response } from 'express';
import type { FinishGoogleLoginData, StartGoogleLoginData } from '../../../generated/client/types.gen';
import { handler, noRawReply } from '../../http/handler';
import type { Handler } from '../../http/handler';
import { beginSocialLogin, completeSocialLogin, socialErrorMessage } from '../../services/oauth/social-login';
import type { SocialProvider } from '../../services/oauth/providers';
import { postLoginPath } from '../../services/oauth/sign-in-options';

const regenerate = (req: Request): Promise<void> =>
  new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));

const fail = ({ res, provider, err }: { res: Response; provider: SocialProvider; err: unknown }): void =>
  res.redirect(302, postLoginPath({ error: socialErrorMessage({ err, provider }), provider }));

const start = (provider: SocialProvider): Handler =>
  handler<StartGoogleLoginData>(async ({ ctx, query, req, res }) => {
    try {
      const { url, attempt } = await beginSocialLogin({ ctx, provider, redirectUrl: query?.redirectUrl });
      req.session.oauthState = attempt;
      res.redirect(302, url);
    } catch (err) {
      fail({ res, provider, err });
    }
    return noRawReply;
  });

const finish = (provider: SocialProvider): Handler =>
  handler<FinishGoogleLoginData>(async ({ ctx, req, res }) => {
    const attempt = req.session.oauthState;
    delete req.session.oauthState;
    try {
      const { user, isNew } = await completeSocialLogin({ ctx, provider, currentUrl: req.originalUrl, attempt });
      // A new session id at every sign-in (no fixation); 2FA accounts stop halfway, as with a password.
      await regenerate(req);
      const mfaRequired = user.mfa?.enabled === true;
      if (mfaRequired) req.session.pendingMfaUserId = user._id;
      else req.session.userId = user._id;
      res.redirect(
        302,
        postLoginPath({
          isNew: String(isNew),
          provider,
          ...(mfaRequired ? { mfaRequired: 'true', email: user.email } : {}),
          redirectUrl: attempt?.redirectUrl,
        }),
      );
    } catch (err) {
      fail({ res, provider, err });
    }
    return noRawReply;
  });

export const startGoogleLogin = start('google');
export const finishGoogleLogin = finish('google');
export const startGithubLogin = start('github');
export const finishGithubLogin = finish('github');
export const startWebflowLogin = start('webflow');
export const finishWebflowLogin = finish('webflow');
