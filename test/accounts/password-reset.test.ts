import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { CAPTCHA, NEW_PASSWORD, existingUser, login, mailedToken, mailsTo } from '../helpers/accounts';
import { insertUser } from '../../server/services/accounts/users';

const HOUR = 60 * 60 * 1000;
const SAME_ANSWER = 'If an account exists for this email, we have sent a link to reset the password.';

const forgot = (t: TestApp, email: string) => request(t.app).post('/api/user/forgotPassword').send({ email, captchaToken: CAPTCHA });
const reset = (t: TestApp, token: string, password = NEW_PASSWORD) =>
  request(t.app).post('/api/user/resetPassword').send({ token, password, captchaToken: CAPTCHA });

describe('forgot and reset password', () => {
  const t = withTestApp();
  beforeEach(async () => {
    await existingUser({ t, email: 'ann@example.com' });
  });

  it('answers the same whether or not the email has an account, and mails only the real one', async () => {
    const known = await forgot(t, 'Ann@Example.com');
    const unknown = await forgot(t, 'nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: null, message: SAME_ANSWER });
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo({ ctx: t.ctx, to: 'nobody@example.com' })).toHaveLength(0);
    const mails = await mailsTo({ ctx: t.ctx, to: 'ann@example.com' });
    expect(mails.filter((m) => m.text.includes('/reset/'))).toHaveLength(1);
  });

  it('sets the new password with the mailed token, once, and confirms the email', async () => {
    await forgot(t, 'ann@example.com');
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'reset' });
    const res = await reset(t, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your password has been reset. Please log in.');
    expect((await login({ agent: request.agent(t.app), email: 'ann@example.com' })).status).toBe(401);
    expect((await login({ agent: request.agent(t.app), email: 'ann@example.com', password: NEW_PASSWORD })).status).toBe(200);
    expect(await t.ctx.store.collection('users').findOne({ email: 'ann@example.com' })).toMatchObject({ isConfirmed: true });
    const again = await reset(t, token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired.');
  });

  it('signs the account out everywhere', async () => {
    const agent = request.agent(t.app);
    await login({ agent, email: 'ann@example.com' });
    expect((await agent.get('/api/user/session')).body.data).not.toBeNull();
    await forgot(t, 'ann@example.com');
    await reset(t, await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'reset' }));
    expect((await agent.get('/api/user/session')).body.data).toBeNull();
  });

  it('refuses a token older than 1 hour', async () => {
    await forgot(t, 'ann@example.com');
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'reset' });
    t.advance(HOUR + 1000);
    expect((await reset(t, token)).status).toBe(400);
  });

  it('keeps only the newest link working', async () => {
    await forgot(t, 'ann@example.com');
    const first = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'reset' });
    t.advance(1000);
    await forgot(t, 'ann@example.com');
    const second = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'reset' });
    expect((await reset(t, first)).status).toBe(400);
    expect((await reset(t, second)).status).toBe(200);
  });

  it('does not accept a confirmation token as a reset token', async () => {
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    expect((await reset(t, token)).status).toBe(400);
  });

  it('mails at most 3 reset links an hour, with the same answer', async () => {
    for (let i = 0; i < 5; i += 1) expect((await forgot(t, 'ann@example.com')).body.message).toBe(SAME_ANSWER);
    const resets = (await mailsTo({ ctx: t.ctx, to: 'ann@example.com' })).filter((m) => m.text.includes('/reset/'));
    expect(resets).toHaveLength(3);
  });

  it.each([
    ['forgot with an email shorter than 4', '/api/user/forgotPassword', { email: 'a@b', captchaToken: CAPTCHA }, 'email', 'Email must be at least 4 characters'],
    ['forgot without a captcha token', '/api/user/forgotPassword', { email: 'ann@example.com', captchaToken: '' }, 'captchaToken', 'Token is empty'],
    ['reset with a password shorter than 4', '/api/user/resetPassword', { token: 'x', password: 'abc', captchaToken: CAPTCHA }, 'password', 'New password must be at least 4 characters'],
    ['reset with a password longer than 60', '/api/user/resetPassword', { token: 'x', password: 'x'.repeat(61), captchaToken: CAPTCHA }, 'password', 'New password must be at most 60 characters'],
    ['reset without a captcha token', '/api/user/resetPassword', { token: 'x', password: NEW_PASSWORD, captchaToken: '' }, 'captchaToken', 'Token is empty'],
  ])('refuses %s', async (_label, path, body, field, message) => {
    const res = await request(t.app).post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });
});

describe('forgot password when the mail server is down', () => {
  const t = withTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });

  it('gives the same answer for a real account as for an unknown email', async () => {
    await insertUser({ ctx: t.ctx, email: 'ann@example.com', fullName: 'Ann Lee', isConfirmed: true });
    const known = await forgot(t, 'ann@example.com');
    const unknown = await forgot(t, 'nobody@example.com');
    expect(unknown.body).toEqual({ success: true, data: null, message: SAME_ANSWER });
    expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
  });
});
