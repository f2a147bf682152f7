// Checks the captcha token sent with login, signup, forgot and reset. Without a provider
// configured (development, tests, private installs) any non-empty token passes.
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import { captchaProviders } from './providers';
import type { SiteverifyAnswer } from './providers';
import { log } from '../../observability/log';

export const CAPTCHA_FAILED = 'Captcha verification failed. Please try again.';
const VERIFY_TIMEOUT_MS = 5000;

async function askProvider({ url, form }: { url: string; form: URLSearchParams }): Promise<SiteverifyAnswer | undefined> {
  try {
    const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (!res.ok) return undefined;
    return (await res.json()) as SiteverifyAnswer;
  } catch (err) {
    log.error({ err }, 'Captcha provider unreachable');
    return undefined;
  }
}

export async function verifyCaptcha({ ctx, token, ip }: { ctx: AppContext; token?: string | null; ip?: string }): Promise<void> {
  if (!token || !token.trim()) throw new ValidationError('Token is empty', { captchaToken: 'Token is empty' });
  const { provider: id, secret, verifyUrl } = ctx.config.captcha;
  if (!id) return;
  const provider = captchaProviders[id];
  if (!provider) throw new Error(`Unknown CAPTCHA_PROVIDER "${id}"`);
  if (!secret) throw new Error('CAPTCHA_SECRET must be set when CAPTCHA_PROVIDER is');
  const form = new URLSearchParams({ secret, response: token });
  if (ip) form.set('remoteip', ip);
  const answer = await askProvider({ url: verifyUrl ?? provider.verifyUrl, form });
  if (!answer || !provider.accepts(answer)) throw new ValidationError(CAPTCHA_FAILED, { captchaToken: CAPTCHA_FAILED });
}
