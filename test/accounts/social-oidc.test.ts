import request from 'supertest';
import { USERS } from '../../server/services/accounts/users';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { cookieJar, signInAtProvider, startOidcProvider } from '../fixtures/oidc-provider-process';
import type { OidcProviderProcess } from '../fixtures/oidc-provider-process';
import { postLoginQuery, sessionData, sessionIdOf } from '../fixtures/social-session';

const APP_ORIGIN = 'http://localhost:3999';
const client = { clientId: 'nindo-test', clientSecret: 'nindo-test-secret-that-is-long-enough' };

describe('sign-in with an OpenID Connect provider (Google)', () => {
  let provider: OidcProviderProcess;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({ ...client, redirectUri: `${APP_ORIGIN}/auth/google/callback` });
    t = await createTestApp({ publicUrl: APP_ORIGIN, oauth: { google: { ...client, issuer: provider.issuer } } });
  });
  afterAll(async () => {
    await t.close();
    provider.stop();
  });

  /** One full round: our start redirect, the provider's login and consent, our callback. */
  async function signIn(login: string) {
    const agent = request.agent(t.app);
    const start = await agent.get('/auth/google').expect(302);
    const authorizationUrl = new URL(String(start.headers.location));
    const callback = await signInAtProvider({ authorizationUrl: authorizationUrl.href, login, jar: cookieJar(), appOrigin: APP_ORIGIN });
    const done = await agent.get(`${callback.pathname}${callback.search}`).expect(302);
    return { authorizationUrl, startSid: sessionIdOf(start), done, sid: sessionIdOf(done) };
  }

  it('sends the browser to the provider with state, nonce and a PKCE challenge', async () => {
    const start = await request(t.app).get('/auth/google').expect(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: client.clientId,
      redirect_uri: `${APP_ORIGIN}/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/.{20,}/),
      nonce: expect.stringMatching(/.{20,}/),
      code_challenge: expect.stringMatching(/.{40,}/),
    });
  });

  it('creates the account at the first sign-in and signs it in under a new session', async () => {
    const { done, sid, startSid } = await signIn('grace');

    expect(postLoginQuery(done)).toEqual({ isNew: 'true', provider: 'google' });
    const user = await t.ctx.store.collection(USERS).findOne({ email: 'grace@example.test' });
    expect(user).toMatchObject({ fullName: 'Test grace', isConfirmed: true, socialIds: { google: 'grace' } });
    expect(sid).toBeDefined();
    expect(sid).not.toBe(startSid);
    expect(await sessionData({ ctx: t.ctx, sid })).toMatchObject({ userId: user?._id });
    expect(await sessionData({ ctx: t.ctx, sid: startSid })).toBeUndefined();
  });

  it('signs the same person in to the same account the second time, with isNew false', async () => {
    const first = await signIn('linus');
    const second = await signIn('linus');

    expect(postLoginQuery(first.done).isNew).toBe('true');
    expect(postLoginQuery(second.done)).toEqual({ isNew: 'false', provider: 'google' });
    expect(await t.ctx.store.collection(USERS).count({ email: 'linus@example.test' })).toBe(1);
    const [a, b] = await Promise.all([sessionData({ ctx: t.ctx, sid: first.sid }), sessionData({ ctx: t.ctx, sid: second.sid })]);
    expect(a?.userId).toEqual(b?.userId);
  });

  it('refuses an account whose email the provider has not verified', async () => {
    const { done, sid } = await signIn('unverified-mallory');

    expect(postLoginQuery(done)).toEqual({ error: 'Your Google email address is not verified', provider: 'google' });
    expect(await t.ctx.store.collection(USERS).count({ email: 'unverified-mallory@example.test' })).toBe(0);
    expect((await sessionData({ ctx: t.ctx, sid }))?.userId).toBeUndefined();
  });

  it('refuses a replayed callback: the attempt is used up after the first return', async () => {
    const agent = request.agent(t.app);
    const start = await agent.get('/auth/google').expect(302);
    const callback = await signInAtProvider({ authorizationUrl: String(start.headers.location), login: 'replay', jar: cookieJar(), appOrigin: APP_ORIGIN });
    const path = `${callback.pathname}${callback.search}`;
    const first = await agent.get(path).expect(302);
    expect(postLoginQuery(first).isNew).toBe('true');

    const again = await request(t.app).get(path).expect(302);
    expect(postLoginQuery(again)).toEqual({ error: 'Your sign-in attempt expired. Please try again.', provider: 'google' });
    expect(sessionIdOf(again)).toBeUndefined();
  });
});
