// The captcha services we support. All three take the same form POST (secret, response,
// remoteip) and answer {success}; they differ in URL and, for reCAPTCHA v3, a score.
export type CaptchaProviderId = 'turnstile' | 'hcaptcha' | 'recaptcha';

export interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  'error-codes'?: string[];
}

export interface CaptchaProvider {
  verifyUrl: string;
  accepts: (answer: SiteverifyAnswer) => boolean;
}

/** reCAPTCHA v3 scores 0 (bot) to 1 (human); v2 sends no score. */
const RECAPTCHA_MIN_SCORE = 0.5;

export const captchaProviders: Record<CaptchaProviderId, CaptchaProvider> = {
  turnstile: {
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    accepts: (a) => a.success === true,
  },
  hcaptcha: {
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    accepts: (a) => a.success === true,
  },
  recaptcha: {
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    accepts: (a) => a.success === true && (a.score === undefined || a.score >= RECAPTCHA_MIN_SCORE),
  },
};
