/** @jest-environment ./test/web/jsdom-environment.ts */
// The captcha loader adds the provider's script once and hands over its global when the
// script calls back; a script that fails to load says so and may be tried again.
import { loadCaptcha, onloadName } from '../../web/src/pages/auth/captcha/providers';

type TestWindow = Window & Record<string, unknown>;

const scripts = (): HTMLScriptElement[] => Array.from(document.head.querySelectorAll('script'));

describe('loadCaptcha', () => {
  it.each([
    ['turnstile', 'https://challenges.cloudflare.com/', 'turnstile'],
    ['hcaptcha', 'https://js.hcaptcha.com/', 'hcaptcha'],
    ['recaptcha', 'https://www.google.com/recaptcha/', 'grecaptcha'],
  ] as const)('loads %s from %s and resolves with window.%s', async (provider, origin, global) => {
    const api = { render: jest.fn() };
    const first = loadCaptcha(provider);
    const again = loadCaptcha(provider);
    const added = scripts().filter((s) => s.src.startsWith(origin));
    expect(added).toHaveLength(1);
    expect(added[0].src).toContain(`render=explicit&onload=${onloadName(provider)}`);
    (window as unknown as TestWindow)[global] = api;
    ((window as unknown as TestWindow)[onloadName(provider)] as () => void)();
    await expect(first).resolves.toBe(api);
    expect(again).toBe(first);
  });
});

describe('loadCaptcha when the script cannot load', () => {
  it('rejects with a readable message and adds the script again on the next try', async () => {
    let fresh: typeof loadCaptcha = loadCaptcha;
    jest.isolateModules(() => {
      fresh = (jest.requireActual('../../web/src/pages/auth/captcha/providers') as { loadCaptcha: typeof loadCaptcha }).loadCaptcha;
    });
    document.head.innerHTML = '';
    const failed = fresh('turnstile');
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Could not load the captcha. Please reload the page.');
    void fresh('turnstile');
    expect(scripts()).toHaveLength(2);
  });
});
