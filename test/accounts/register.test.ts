import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA, STRONG_PASSWORD, mailedToken, mailsTo, register } from '../helpers/accounts';

const DAY = 24 * 60 * 60 * 1000;

describe('POST /api/user/register', () => {
  const t = withTestApp();

  it('creates an unconfirmed account, signs it in and mails a confirmation link', async () => {
    const agent = request.agent(t.app);
    const res = await register({ agent, email: 'New@Example.com', extra: { serviceName: 'poll' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Check your inbox',
      data: { mfaRequired: false, redirectUrl: '/dashboard', user: { email: 'new@example.com', isConfirmed: false, hasPassword: true } },
    });
    expect((await agent.get('/api/user/session')).body.data.email).toBe('new@example.com');
    const mails = await mailsTo({ ctx: t.ctx, to: 'new@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${t.ctx.config.publicUrl}/confirm/`);
    const stored = await t.ctx.store.collection('users').findOne({ email: 'new@example.com' });
    expect(stored).toMatchObject({ serviceName: 'poll' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('leads a signup from the developer page to the developer join page', async () => {
    const res = await register({ agent: request.agent(t.app), email: 'dev@example.com', extra: { developer: true } });
    expect(res.body.data.redirectUrl).toBe('/developer/join');
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    await register({ agent: request.agent(t.app), email: 'ann@example.com' });
    const res = await register({ agent: request.agent(t.app), email: 'ANN@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists. Please log in.');
    expect(res.body.fieldErrors).toEqual({ username: 'An account with this email already exists. Please log in.' });
  });

  const valid = { username: 'ann@example.com', fullName: 'Ada Lovelace', password: STRONG_PASSWORD, captchaToken: CAPTCHA };
  it.each([
    ['email shorter than 4', { username: 'a@b' }, 'username', 'Email must be at least 4 characters'],
    ['full name missing', { fullName: undefined }, 'fullName', 'Full name is required'],
    ['full name shorter than 3', { fullName: 'Al' }, 'fullName', 'Full name must be at least 3 characters'],
    ['full name longer than 120', { fullName: 'A'.repeat(121) }, 'fullName', 'Full name must be at most 120 characters'],
    ['password shorter than 5', { password: 'abcd' }, 'password', 'Password must be at least 5 characters'],
    ['password longer than 60', { password: 'x'.repeat(61) }, 'password', 'Password must be at most 60 characters'],
    ['a password of strength 0', { password: 'password' }, 'password', 'Password is invalid'],
    ['a password made of the email', { password: 'ann@example.com' }, 'password', 'Password is invalid'],
    ['captcha token empty', { captchaToken: '' }, 'captchaToken', 'Token is empty'],
  ])('refuses a signup with %s', async (_label, change, field, message) => {
    const res = await request(t.app).post('/api/user/register').send({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect(await t.ctx.store.collection('users').count({})).toBe(0);
  });
});

describe('email confirmation', () => {
  const t = withTestApp();

  it('confirms the account once; the link then stops working', async () => {
    await register({ agent: request.agent(t.app), email: 'ann@example.com' });
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    const first = await request(t.app).post(`/api/user/emailConfirmation/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Your email has been confirmed', data: { email: 'ann@example.com', isConfirmed: true } });
    const again = await request(t.app).post(`/api/user/emailConfirmation/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This confirmation link is invalid or has expired.');
  });

  it('refuses a link older than 7 days', async () => {
    await register({ agent: request.agent(t.app), email: 'ann@example.com' });
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    t.advance(7 * DAY + 1000);
    const res = await request(t.app).post(`/api/user/emailConfirmation/${token}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This confirmation link is invalid or has expired.');
  });

  it('refuses an unknown token', async () => {
    const res = await request(t.app).post('/api/user/emailConfirmation/not-a-real-token');
    expect(res.status).toBe(400);
  });

  it('stores only a hash of the token', async () => {
    await register({ agent: request.agent(t.app), email: 'ann@example.com' });
    const token = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    const stored = await t.ctx.store.collection('tokens').find({});
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('sends a fresh link on request, which replaces the first, up to 3 an hour', async () => {
    const agent = request.agent(t.app);
    await register({ agent, email: 'ann@example.com' });
    const first = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    t.advance(1000);
    const resent = await agent.post('/api/user/emailConfirmation');
    expect(resent.status).toBe(200);
    const second = await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' });
    expect(second).not.toBe(first);
    expect((await request(t.app).post(`/api/user/emailConfirmation/${first}`)).status).toBe(400);
    await agent.post('/api/user/emailConfirmation');
    await agent.post('/api/user/emailConfirmation');
    const limited = await agent.post('/api/user/emailConfirmation');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many emails sent\. Please try again in \d+ minutes?\.$/);
    expect((await request(t.app).post(`/api/user/emailConfirmation/${second}`)).status).toBe(400);
  });

  it('answers 409 to a resend once the email is confirmed, and 401 when signed out', async () => {
    const agent = request.agent(t.app);
    await register({ agent, email: 'ann@example.com' });
    await request(t.app).post(`/api/user/emailConfirmation/${await mailedToken({ ctx: t.ctx, to: 'ann@example.com', kind: 'confirm' })}`);
    expect((await agent.post('/api/user/emailConfirmation')).status).toBe(409);
    expect((await request(t.app).post('/api/user/emailConfirmation')).status).toBe(401);
  });
});
