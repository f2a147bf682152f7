import { createHash } from 'node:crypto';
import request from 'supertest';
import { insertUser, USERS } from '../../server/services/accounts/users';
import type { OAuthClientConfig } from '../../server/config';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { startOAuth2Stub } from '../fixtures/oauth2-stub';
import type { OAuth2Stub } from '../fixtures/oauth2-stub';
import { postLoginQuery, sessionData, sessionIdOf } from '../fixtures/social-session';
import { log } from '../../server/observability/log';

const APP_ORIGIN = 'http://localhost:3999';

const settingsFor = (stub: OAuth2Stub, name: string, userinfoPath: string): OAuthClientConfig => ({
  clientId: `${name}-client`,
  clientSecret: `${name}-secret`,
  authorizationUrl: `${stub.base}/authorize`,
  tokenUrl: `${stub.base}/token`,
  userinfoUrl: `${stub.base}${userinfoPath}`,
});

describe('sign-in with plain OAuth2 providers (GitHub, Webflow)', () => {
  let stub: OAuth2Stub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startOAuth2Stub();
    t = await createTestApp({
      publicUrl: APP_ORIGIN,
      oauth: { github: settingsFor(stub, 'github', '/user'), webflow: settingsFor(stub, 'webflow', '/v2/token/authorized_by') },
      captcha: { provider: 'turnstile', secret: 's', siteKey: 'site-key-1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(async () => {
    stub.tokenRequests.length = 0;
    await t.ctx.store.collection(USERS).deleteMany({});
  });

  /** Starts at /auth/{provider}, then comes back as the provider would, with a code. */
  async function roundTrip(provider: 'github' | 'webflow', { startQuery = '', callbackQuery }: { startQuery?: string; callbackQuery?: (state: string) => string } = {}) {
    const agent = request.agent(t.app);
    const start = await agent.get(`/auth/${provider}${startQuery}`).expect(302);
    const authorization = new URL(String(start.headers.location));
    const state = authorization.searchParams.get('state') ?? '';
    const query = callbackQuery ? callbackQuery(state) : `code=code-1&state=${state}`;
    const done = await agent.get(`/auth/${provider}/callback?${query}`).expect(302);
    return { authorization, done, sid: sessionIdOf(done) };
  }

  it.each([
    ['github', 'octo@example.test', 'Octo Cat', '4242', 'read:user user:email'],
    ['webflow', 'flow@example.test', 'Web Flower', 'wf_77', 'authorized_user:read'],
  ] as const)('%s: creates and signs in the account from the provider profile', async (provider, email, fullName, providerUserId, scope) => {
    const { authorization, done, sid } = await roundTrip(provider);

    expect(authorization.searchParams.get('scope')).toBe(scope);
    expect(postLoginQuery(done)).toEqual({ isNew: 'true', provider });
    const user = await t.ctx.store.collection(USERS).findOne({ email });
    expect(user).toMatchObject({ fullName, isConfirmed: true, socialIds: { [provider]: providerUserId } });
    expect(await sessionData({ ctx: t.ctx, sid })).toMatchObject({ userId: user?._id });
  });

  it('proves the PKCE verifier and sends the client secret in the token request', async () => {
    const { authorization } = await roundTrip('github');

    const [form] = stub.tokenRequests;
    const verifier = form?.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(authorization.searchParams.get('code_challenge'));
    expect(Object.fromEntries(form ?? [])).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'github-client',
      client_secret: 'github-secret',
      redirect_uri: `${APP_ORIGIN}/auth/github/callback`,
    });
  });

  it('links the provider to an existing account with the same email instead of creating one', async () => {
    const existing = await insertUser({ ctx: t.ctx, email: 'octo@example.test', fullName: 'Octo', passwordHash: 'x', isConfirmed: false });

    const { done, sid } = await roundTrip('github');

    expect(postLoginQuery(done)).toEqual({ isNew: 'false', provider: 'github' });
    expect(await t.ctx.store.collection(USERS).count({})).toBe(1);
    expect(await t.ctx.store.collection(USERS).findOne({ _id: existing._id })).toMatchObject({ socialIds: { github: '4242' }, isConfirmed: true });
    expect(await sessionData({ ctx: t.ctx, sid })).toMatchObject({ userId: existing._id });
  });

  it('stops halfway for an account with two-factor authentication, as a password login does', async () => {
    const existing = await insertUser({ ctx: t.ctx, email: 'octo@example.test', fullName: 'Octo', isConfirmed: true });
    await t.ctx.store.collection(USERS).updateOne({ _id: existing._id }, { $set: { mfa: { secretEnc: 'x', enabled: true } } });

    const { done, sid } = await roundTrip('github');

    expect(postLoginQuery(done)).toEqual({ isNew: 'false', provider: 'github', mfaRequired: 'true', email: 'octo@example.test' });
    const session = await sessionData({ ctx: t.ctx, sid });
    expect(session).toMatchObject({ pendingMfaUserId: existing._id });
    expect(session?.userId).toBeUndefined();
  });

  it.each([
    ['a same-site path', '/developer/apps', '/developer/apps'],
    ['another site', 'https://evil.test/x', undefined],
    ['a protocol-relative URL', '//evil.test/x', undefined],
    ['a backslash trick', '/\\evil.test', undefined],
  ])('carries redirectUrl to the post-login page only when it is %s', async (_case, redirectUrl, kept) => {
    const { done } = await roundTrip('github', { startQuery: `?redirectUrl=${encodeURIComponent(redirectUrl)}` });
    expect(postLoginQuery(done).redirectUrl).toBe(kept);
  });

  it.each([
    ['the user refused', (s: string) => `error=access_denied&state=${s}`, 'You cancelled signing in with GitHub'],
    ['the state does not match', () => 'code=code-1&state=forged', 'Your sign-in attempt expired. Please try again.'],
    ['the code is missing', (s: string) => `state=${s}`, 'Sign-in with GitHub failed. Please try again.'],
  ])('signs no one in and reports why when %s', async (_case, callbackQuery, error) => {
    const spy = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      const { done, sid } = await roundTrip('github', { callbackQuery });
      expect(postLoginQuery(done)).toEqual({ error, provider: 'github' });
      expect((await sessionData({ ctx: t.ctx, sid }))?.userId).toBeUndefined();
      expect(await t.ctx.store.collection(USERS).count({})).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('reports an expired attempt when the callback comes without a started sign-in', async () => {
    const res = await request(t.app).get('/auth/github/callback?code=code-1&state=whatever').expect(302);
    expect(postLoginQuery(res)).toEqual({ error: 'Your sign-in attempt expired. Please try again.', provider: 'github' });
  });

  it('refuses a GitHub account without a verified email', async () => {
    const saved = stub.githubEmails;
    stub.githubEmails = [{ email: 'unverified@example.test', primary: true, verified: false }];
    try {
      const { done } = await roundTrip('github');
      expect(postLoginQuery(done)).toEqual({ error: 'Your GitHub account has no email address we can use', provider: 'github' });
    } finally {
      stub.githubEmails = saved;
    }
  });

  it('answers with an error page redirect for a provider that is not configured', async () => {
    const res = await request(t.app).get('/auth/google').expect(302);
    expect(postLoginQuery(res)).toEqual({ error: 'Sign-in with Google is not available on this server', provider: 'google' });
  });

  it('lists only the configured providers, with the captcha widget settings', async () => {
    const res = await request(t.app).get('/api/auth/providers').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: {
        providers: [
          { id: 'github', name: 'GitHub', loginPath: '/auth/github' },
          { id: 'webflow', name: 'Webflow', loginPath: '/auth/webflow' },
        ],
        captcha: { provider: 'turnstile', siteKey: 'site-key-1' },
      },
    });
  });
});

describe('sign-in options without any provider', () => {
  it('lists no provider and no captcha widget', async () => {
    const t = await createTestApp({ oauth: {}, captcha: {} });
    try {
      const res = await request(t.app).get('/api/auth/providers').expect(200);
      expect(res.body.data).toEqual({ providers: [], captcha: { provider: null, siteKey: null } });
    } finally {
      await t.close();
    }
  });
});

describe('the post-login page', () => {
  it('is left to the front end: the server has no operation at /auth/post-login', async () => {
    const t = await createTestApp();
    try {
      const res = await request(t.app).get('/auth/post-login?isNew=true&provider=google');
      expect(res.headers['content-type'] ?? '').not.toMatch(/json/);
    } finally {
      await t.close();
    }
  });
});
