import { readConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { ValidationError } from '../../server/http/errors';
import { CAPTCHA_FAILED, verifyCaptcha } from '../../server/services/captcha/verify-captcha';
import type { Store } from '../../server/storage/port';
import { startSiteverifyStub } from '../fixtures/siteverify-stub';
import type { SiteverifyStub } from '../fixtures/siteverify-stub';
import { log } from '../../server/observability/log';

// The captcha check touches neither the store nor the clock.
const contextWith = (captcha: Config['captcha']): AppContext => ({
  config: { ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x' }), captcha },
  store: {} as Store,
  now: () => new Date(),
});

const failure = (message: string) => expect.objectContaining({ constructor: ValidationError, message, fieldErrors: { captchaToken: message } });

describe('verifyCaptcha', () => {
  let stub: SiteverifyStub;
  beforeAll(async () => {
    stub = await startSiteverifyStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
    stub.answer = { status: 200, body: { success: true } };
  });

  it.each([[''], ['   '], [undefined], [null]])('rejects the empty token %p with "Token is empty"', async (token) => {
    await expect(verifyCaptcha({ ctx: contextWith({ provider: 'turnstile', secret: 's', verifyUrl: stub.url }), token })).rejects.toEqual(
      failure('Token is empty'),
    );
    expect(stub.requests).toHaveLength(0);
  });

  it('accepts any non-empty token when no provider is configured', async () => {
    await expect(verifyCaptcha({ ctx: contextWith({}), token: 'anything' })).resolves.toBeUndefined();
  });

  it.each(['turnstile', 'hcaptcha', 'recaptcha'] as const)('%s: sends the secret, token and client address and accepts a success', async (provider) => {
    const ctx = contextWith({ provider, secret: 'shh', verifyUrl: stub.url });
    await expect(verifyCaptcha({ ctx, token: 'tok-1', ip: '203.0.113.9' })).resolves.toBeUndefined();
    expect(stub.requests.map((r) => Object.fromEntries(r))).toEqual([{ secret: 'shh', response: 'tok-1', remoteip: '203.0.113.9' }]);
  });

  it.each([
    ['the provider says no', 'turnstile', { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } }],
    ['the answer is not a success', 'hcaptcha', { status: 200, body: {} }],
    ['the provider errors', 'hcaptcha', { status: 500, body: { error: 'boom' } }],
    ['the reCAPTCHA v3 score is too low', 'recaptcha', { status: 200, body: { success: true, score: 0.2 } }],
  ] as const)('fails with a clear message when %s', async (_case, provider, answer) => {
    stub.answer = answer;
    await expect(verifyCaptcha({ ctx: contextWith({ provider, secret: 's', verifyUrl: stub.url }), token: 't' })).rejects.toEqual(
      failure(CAPTCHA_FAILED),
    );
  });

  it('accepts a reCAPTCHA v3 score at the threshold', async () => {
    stub.answer = { status: 200, body: { success: true, score: 0.5 } };
    await expect(verifyCaptcha({ ctx: contextWith({ provider: 'recaptcha', secret: 's', verifyUrl: stub.url }), token: 't' })).resolves.toBeUndefined();
  });

  it('fails closed when the provider cannot be reached', async () => {
    const spy = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      const ctx = contextWith({ provider: 'turnstile', secret: 's', verifyUrl: 'http://127.0.0.1:1/siteverify' });
      await expect(verifyCaptcha({ ctx, token: 't' })).rejects.toEqual(failure(CAPTCHA_FAILED));
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses to run with a provider but no secret', async () => {
    await expect(verifyCaptcha({ ctx: contextWith({ provider: 'hcaptcha', verifyUrl: stub.url }), token: 't' })).rejects.toThrow(
      'CAPTCHA_SECRET must be set when CAPTCHA_PROVIDER is',
    );
  });
});
