import request from 'supertest';
import { servingApp } from './serving-app';
import { withTestApp } from '../helpers/test-app';

const csp = (res: request.Response): Map<string, string> =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );

describe('security headers by route', () => {
  const app = servingApp();

  it.each<[string, { frameAncestors: string; xFrameOptions?: string; coop?: string; corp: string }]>([
    ['/login', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/developer/apps', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/install/app-1', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/docs', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/api/list', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/embed/login', { frameAncestors: '*', corp: 'same-origin', coop: 'same-origin-allow-popups' }],
    ['/embed/developer/signup', { frameAncestors: '*', corp: 'same-origin', coop: 'same-origin-allow-popups' }],
    ['/embed/auth-success', { frameAncestors: '*', corp: 'same-origin', coop: 'same-origin-allow-popups' }],
    ['/embed/logout', { frameAncestors: '*', corp: 'same-origin', coop: 'same-origin-allow-popups' }],
    ['/embedded', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'same-origin' }],
    ['/auth/post-login', { frameAncestors: "'none'", xFrameOptions: 'DENY', corp: 'same-origin' }],
    ['/api/user/file/abc', { frameAncestors: "'none'", xFrameOptions: 'DENY', coop: 'same-origin-allow-popups', corp: 'cross-origin' }],
  ])('GET %s: framing, opener and resource policies', async (path, expected) => {
    const res = await request(app).get(path);
    expect(csp(res).get('frame-ancestors')).toBe(expected.frameAncestors);
    expect(res.headers['x-frame-options']).toBe(expected.xFrameOptions);
    expect(res.headers['cross-origin-opener-policy']).toBe(expected.coop);
    expect(res.headers['cross-origin-resource-policy']).toBe(expected.corp);
  });

  it.each(['/login', '/embed/login', '/docs', '/api/list', '/assets/index-abc123.js'])('GET %s: nosniff, referrer policy and a same-origin script policy', async (path) => {
    const res = await request(app).get(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(csp(res).get('script-src')).toBe("'self'");
    expect(csp(res).get('script-src-attr')).toBe("'none'");
    expect(csp(res).get('object-src')).toBe("'none'");
    expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each<[string, { options: Parameters<typeof servingApp>[0]; headers: Record<string, string>; hsts: boolean }]>([
    ['plain http', { options: {}, headers: {}, hsts: false }],
    ['a proxy says https but is not trusted', { options: {}, headers: { 'X-Forwarded-Proto': 'https' }, hsts: false }],
    ['a trusted proxy says https', { options: { config: { trustProxy: true } }, headers: { 'X-Forwarded-Proto': 'https' }, hsts: true }],
    ['a trusted proxy says http', { options: { config: { trustProxy: true } }, headers: { 'X-Forwarded-Proto': 'http' }, hsts: false }],
    ['PUBLIC_URL is https', { options: { config: { publicUrl: 'https://nindo.example' } }, headers: {}, hsts: true }],
  ])('HSTS and upgrade-insecure-requests when %s', async (_name, { options, headers, hsts }) => {
    const res = await request(servingApp(options)).get('/login').set(headers);
    expect(res.headers['strict-transport-security']).toBe(hsts ? 'max-age=31536000; includeSubDomains' : undefined);
    expect(csp(res).has('upgrade-insecure-requests')).toBe(hsts);
  });

  it.each<['turnstile' | 'hcaptcha' | 'recaptcha', string, string]>([
    ['turnstile', "'self' https://challenges.cloudflare.com", "'self' https://challenges.cloudflare.com"],
    ['hcaptcha', "'self' https://hcaptcha.com https://*.hcaptcha.com", "'self' https://hcaptcha.com https://*.hcaptcha.com"],
    ['recaptcha', "'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/", "'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/"],
  ])('with CAPTCHA_PROVIDER=%s the login page may load its script and frame', async (provider, scriptSrc, frameSrc) => {
    const res = await request(servingApp({ config: { captcha: { provider } } })).get('/login');
    expect(csp(res).get('script-src')).toBe(scriptSrc);
    expect(csp(res).get('frame-src')).toBe(frameSrc);
  });
});

describe('security headers on the real app', () => {
  const t = withTestApp({ scope: 'file' });

  it.each(['/api/no-such-endpoint', '/docs', '/openapi.json'])('GET %s carries them', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
