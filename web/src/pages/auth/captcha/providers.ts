// The three captcha widgets share one explicit-render API: load a script, then
// `render(element, { sitekey, callback })`. Only the script URL and global name differ.
export type CaptchaProviderName = 'turnstile' | 'hcaptcha' | 'recaptcha';

export interface CaptchaApi {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => unknown;
}

const SCRIPTS: Record<CaptchaProviderName, { src: string; global: string }> = {
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
};

export const onloadName = (provider: CaptchaProviderName): string => `nindoCaptchaLoaded_${provider}`;

type CaptchaWindow = Window & Record<string, unknown>;

// One script per provider and page, however many forms ask for it.
const loading = new Map<CaptchaProviderName, Promise<CaptchaApi>>();

export function loadCaptcha(provider: CaptchaProviderName): Promise<CaptchaApi> {
  const existing = loading.get(provider);
  if (existing) return existing;
  const { src, global } = SCRIPTS[provider];
  const w = window as unknown as CaptchaWindow;
  const load = new Promise<CaptchaApi>((resolve, reject) => {
    w[onloadName(provider)] = () => resolve(w[global] as CaptchaApi);
    const script = document.createElement('script');
    script.src = `${src}&onload=${onloadName(provider)}`;
    script.async = true;
    script.onerror = () => {
      loading.delete(provider);
      reject(new Error('Could not load the captcha. Please reload the page.'));
    };
    document.head.appendChild(script);
  });
  loading.set(provider, load);
  return load;
}
