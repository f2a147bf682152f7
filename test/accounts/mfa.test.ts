import request from 'supertest';
import { authenticator } from 'otplib';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { STRONG_PASSWORD, existingUser, login } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';

const STEP = 30 * 1000;
const EMAIL = 'ann@example.com';

/** The code an authenticator app would show at the test clock's time. */
const codeAt = (t: TestApp, secret: string): string => authenticator.clone({ epoch: t.ctx.now().getTime() }).generate(secret);

/** Signs in, sets up and enables two-factor; answers the secret. */
async function enableTwoFactor({ t, agent }: { t: TestApp; agent: Agent }): Promise<string> {
  await login({ agent, email: EMAIL });
  const setup = await agent.post('/api/user/mfa/setup');
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  const enabled = await agent.post('/api/user/mfa/enable').send({ token: codeAt(t, secret) });
  expect(enabled.status).toBe(200);
  expect(enabled.body.data.mfaEnabled).toBe(true);
  await agent.post('/api/user/logout');
  t.advance(STEP);
  return secret;
}

describe('two-factor authentication', () => {
  const t = withTestApp();
  beforeEach(async () => {
    await existingUser({ t, email: EMAIL });
  });

  it('gives an otpauth URL, a QR code and the secret, and keeps the secret encrypted', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: EMAIL });
    const res = await agent.post('/api/user/mfa/setup');
    expect(res.status).toBe(200);
    const { otpauthUrl, qrCodeDataUrl, secret } = res.body.data;
    expect(otpauthUrl).toBe(`otpauth://totp/Nindo:ann%40example.com?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Nindo`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const stored = await t.ctx.store.collection('users').findOne({ email: EMAIL });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored?.mfa).toMatchObject({ enabled: false });
  });

  it('asks for a code at login instead of signing in, then signs in with the code', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    const first = await login({ agent, email: EMAIL, extra: { redirectUrl: '/projects' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ mfaRequired: true, email: EMAIL });
    expect((await agent.get('/api/user/session')).body.data).toBeNull();
    const verified = await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ mfaRequired: false, redirectUrl: '/projects', user: { email: EMAIL, mfaEnabled: true } });
    expect((await agent.get('/api/user/session')).body.data.email).toBe(EMAIL);
  });

  it('refuses a wrong code, a replayed code and a code for another email', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    const wrong = await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Could not verify token.');
    const otherEmail = await agent.post('/api/mfa/verify').send({ email: 'eve@example.com', token: codeAt(t, secret) });
    expect(otherEmail.body.message).toBe('Could not verify token.');
    const code = codeAt(t, secret);
    expect((await agent.post('/api/mfa/verify').send({ email: EMAIL, token: code })).status).toBe(200);
    const other = request.agent(t.app);
    await login({ agent: other, email: EMAIL });
    const replay = await other.post('/api/mfa/verify').send({ email: EMAIL, token: code });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Could not verify token.');
  });

  it.each([
    ['letters', 'abcdef', 'Only numbers are allowed'],
    ['five digits and a space', '12345 ', 'Only numbers are allowed'],
    ['five digits', '12345', 'Token must be at least 6 characters'],
    ['seven digits', '1234567', 'Token must be at most 6 characters'],
  ])('refuses a code of %s', async (_label, token, message) => {
    const agent = request.agent(t.app);
    await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    const res = await agent.post('/api/mfa/verify').send({ email: EMAIL, token });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.token).toBe(message);
  });

  it('answers 429 after 5 wrong codes', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    const wrongCode = codeAt(t, secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await agent.post('/api/mfa/verify').send({ email: EMAIL, token: wrongCode })).status).toBe(400);
    const blocked = await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('counts wrong login codes against the address as login failures', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    const wrongCode = codeAt(t, secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await agent.post('/api/mfa/verify').send({ email: EMAIL, token: wrongCode })).status).toBe(400);
    for (let i = 0; i < 25; i += 1) {
      const wrong = () => login({ agent: request.agent(t.app), email: `user${i}@example.com`, password: 'a wrong password' });
      let res = await wrong();
      // From 20 failures on, the address is paced (login-pacing.test.ts): the attempt waits its turn.
      if (res.status === 429) {
        t.advance(Number(res.headers['retry-after']) * 1000);
        res = await wrong();
      }
      expect(res.status).toBe(401);
    }
    // 30 failures from this address: an account that is failing may not be tried again from it.
    const again = await login({ agent: request.agent(t.app), email: 'user0@example.com', password: 'a wrong password' });
    expect(again.status).toBe(429);
  });

  it('refuses the code when no login is pending, or when it waited over 10 minutes', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    const none = await request(t.app).post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Your login has expired. Please log in again.');
    await login({ agent, email: EMAIL });
    t.advance(10 * 60 * 1000 + 1000);
    const late = await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    expect(late.status).toBe(401);
  });

  it('does not enable two-factor with a wrong code, nor without setup', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: EMAIL });
    const noSetup = await agent.post('/api/user/mfa/enable').send({ token: '123456' });
    expect(noSetup.status).toBe(400);
    expect(noSetup.body.message).toBe('Start the two-factor setup first.');
    const { secret } = (await agent.post('/api/user/mfa/setup')).body.data;
    const wrong = await agent.post('/api/user/mfa/enable').send({ token: codeAt(t, secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect((await agent.get('/api/user/session')).body.data.mfaEnabled).toBe(false);
  });

  it('refuses a second setup while two-factor is on', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    expect((await agent.post('/api/user/mfa/setup')).status).toBe(409);
  });

  it.each([
    ['the password', () => ({ password: STRONG_PASSWORD })],
    ['a code', (t: TestApp, secret: string) => ({ token: codeAt(t, secret) })],
  ])('turns two-factor off with %s, after which login needs no code', async (_label, proof) => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    t.advance(STEP);
    const off = await agent.post('/api/user/mfa/disable').send(proof(t, secret));
    expect(off.status).toBe(200);
    expect(off.body.data.mfaEnabled).toBe(false);
    expect((await login({ agent: request.agent(t.app), email: EMAIL })).body.data.mfaRequired).toBe(false);
  });

  it('keeps two-factor on with a wrong password or no proof', async () => {
    const agent = request.agent(t.app);
    const secret = await enableTwoFactor({ t, agent });
    await login({ agent, email: EMAIL });
    await agent.post('/api/mfa/verify').send({ email: EMAIL, token: codeAt(t, secret) });
    const wrong = await agent.post('/api/user/mfa/disable').send({ password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password');
    const none = await agent.post('/api/user/mfa/disable').send({});
    expect(none.status).toBe(400);
    expect((await agent.get('/api/user/session')).body.data.mfaEnabled).toBe(true);
  });

  it.each([['/api/user/mfa/setup'], ['/api/user/mfa/enable'], ['/api/user/mfa/disable']])('answers 401 to %s when signed out', async (path) => {
    expect((await request(t.app).post(path).send({ token: '123456' })).status).toBe(401);
  });
});
