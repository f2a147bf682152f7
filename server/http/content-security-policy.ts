// The Content-Security-Policy of every answer: the app and /docs load scripts, styles and
// data from this origin only, plus what the configured captcha provider needs (its script
// and the frame it renders). Inline styles stay allowed: React, sonner and Scalar set them.
import type { Config } from '../config';

type Provider = NonNullable<Config['captcha']['provider']>;
type Directives = Record<string, string[]>;

/** Sources each captcha provider documents for its widget (script, frame, and for hCaptcha its styles and calls). */
const CAPTCHA_SOURCES: Record<Provider, { script: string[]; frame: string[]; style?: string[]; connect?: string[] }> = {
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
};

export function cspDirectives({ captcha, frameable, https }: { captcha?: Provider; frameable: boolean; https: boolean }): Directives {
  const extra = captcha ? CAPTCHA_SOURCES[captcha] : { script: [], frame: [] };
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...extra.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...(extra.style ?? [])],
    // Avatars and app or platform icons may be remote pictures; QR codes are data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(extra.connect ?? [])],
    'frame-src': ["'self'", ...extra.frame],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    // Embed pages are meant to sit in other sites' frames; every other page refuses framing.
    'frame-ancestors': [frameable ? '*' : "'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}
