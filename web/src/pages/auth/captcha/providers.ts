// The three captcha widgets share one explicit-render API: load a script, then
// `render(element, { sitekey, callback })`. Only the script URL and global name differ.
export type CaptchaProviderName = 'turnstile' | 'hcaptcha' | 'recaptcha';

export interface CaptchaApi {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => unknown;
}

export const CAPTCHA_ONLOAD = 'nindoCaptchaLoaded';

const SCRIPTS: Record<CaptchaProviderName, { src: string; global: string }> = {
  turnstile: { src: `https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${CAPTCHA_ONLOAD}`, global: 'turnstile' },
  hcaptcha: { src: `https://js.hcaptcha.com/1/api.js?render=explicit&onload=${CAPTCHA_ONLOAD}`, global: 'hcaptcha' },
  recaptcha: { src: `https://www.google.com/recaptcha/api.js?render=explicit&onload=${CAPTCHA_ONLOAD}`, global: 'grecaptcha' },
};

type CaptchaWindow = Window & Record<string, unknown>;

let loading: Promise<CaptchaApi> | undefined;

export function loadCaptcha(provider: CaptchaProviderName): Promise<CaptchaApi> {
  const { src, global } = SCRIPTS[provider];
  const w = window as unknown as CaptchaWindow;
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    w[CAPTCHA_ONLOAD] = () => resolve(w[global] as CaptchaApi);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = () => reject(new Error('Could not load the captcha. Please reload the page.'));
    document.head.appendChild(script);
  });
  return loading;
}
