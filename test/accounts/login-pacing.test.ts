// Credential stuffing (issue 19): one wrong guess on each of many accounts from one address.
// Without a captcha provider, an address with 20 failures in 15 minutes is paced: one judged
// login per turn, a turn 2^(failures - 20) s after the last failure, at most 60 s; earlier
// attempts answer 429 with Retry-After, unchecked. A browser known to the account is not paced.
import request from 'supertest';
import { createApp } from '../../server/app';
import { isKnownBrowser, knownBrowserCookie } from '../../server/services/accounts/known-browsers';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { CAPTCHA, STRONG_PASSWORD, existingUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';

const HERE = '203.0.113.7';
const PACED = /^Too many failed logins from your network\. Please try again in \d+ seconds?\.$/;
const DAY = 24 * 60 * 60 * 1000;

const attempt = ({ via, email, right = false }: { via: Agent | ReturnType<typeof request>; email: string; right?: boolean }) =>
  via
    .post('/api/user/login')
    .set('X-Forwarded-For', HERE)
    .send({ username: email, password: right ? STRONG_PASSWORD : 'a wrong password', captchaToken: CAPTCHA });

/** One wrong password on each of `count` accounts, sent one after another with no wait; the statuses. */
async function stuff({ t, count, from = 0, apps = [t.app] }: { t: TestApp; count: number; from?: number; apps?: TestApp['app'][] }): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = from; i < from + count; i += 1) {
    statuses.push((await attempt({ via: request(apps[i % apps.length]), email: `victim${i}@example.com` })).status);
  }
  return statuses;
}

describe('credential stuffing from one address, no captcha provider', () => {
  const t = withTestApp({ config: { trustProxy: true } });

  it('judges the first 21 of 32 wrong logins on 32 accounts, then answers 429 with Retry-After, on every instance', async () => {
    const other = createApp(t.ctx);
    const statuses = await stuff({ t, count: 32, apps: [t.app, other] });
    expect(statuses).toEqual([...Array<number>(21).fill(401), ...Array<number>(11).fill(429)]);
    const refused = await attempt({ via: request(other), email: 'victim99@example.com' });
    expect({ status: refused.status, retryAfter: refused.headers['retry-after'], message: refused.body.message }).toEqual({
      status: 429,
      retryAfter: '2',
      message: 'Too many failed logins from your network. Please try again in 2 seconds.',
    });
    const elsewhere = await request(t.app)
      .post('/api/user/login')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ username: 'victim0@example.com', password: 'a wrong password', captchaToken: CAPTCHA });
    expect(elsewhere.status).toBe(401);
  });

  it('doubles the pace with every failure up to a minute, and judges the attempt that waited its turn', async () => {
    await stuff({ t, count: 21 });
    const waits: number[] = [];
    for (let i = 21; i < 30; i += 1) {
      const early = await attempt({ via: request(t.app), email: `victim${i}@example.com` });
      expect(early.body.message).toMatch(PACED);
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      t.advance(wait * 1000 - 1);
      expect((await attempt({ via: request(t.app), email: `victim${i}@example.com` })).status).toBe(429);
      t.advance(1);
      expect((await attempt({ via: request(t.app), email: `victim${i}@example.com` })).status).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });

  it('gives a burst at its turn one guess', async () => {
    await stuff({ t, count: 21 });
    t.advance(2000);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt({ via: request(t.app), email: `burst${i}@example.com` })));
    const counts: Record<number, number> = {};
    for (const res of burst) counts[res.status] = (counts[res.status] ?? 0) + 1;
    expect(counts).toEqual({ 401: 1, 429: 9 });
  });

  it('lets a browser known to the account sign in at once, and a new browser once its turn comes, which it gives back', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    await existingUser({ t, email: 'bob@example.com' });
    const annBrowser = request.agent(t.app);
    expect((await attempt({ via: annBrowser, email: 'ann@example.com', right: true })).status).toBe(200);
    await stuff({ t, count: 25 });

    expect((await attempt({ via: annBrowser, email: 'ann@example.com', right: true })).status).toBe(200);
    // Known to ann's account only: for another account that browser is paced like any other.
    expect((await attempt({ via: annBrowser, email: 'bob@example.com', right: true })).status).toBe(429);

    const early = await attempt({ via: request(t.app), email: 'bob@example.com', right: true });
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 429, message: expect.stringMatching(PACED) });
    t.advance(Number(early.headers['retry-after']) * 1000);
    expect((await attempt({ via: request(t.app), email: 'bob@example.com', right: true })).status).toBe(200);
    expect((await attempt({ via: request(t.app), email: 'ann@example.com', right: true })).status).toBe(200);
  });
});

describe('known-browser cookies', () => {
  const t = withTestApp({ scope: 'file' });
  const cookieOf = (email: string): string => knownBrowserCookie({ ctx: t.ctx, email }).value;

  it.each<[string, boolean, () => unknown]>([
    ['its own cookie, any case of the email', true, () => cookieOf('Ann@Example.com')],
    ["another account's cookie", false, () => cookieOf('bob@example.com')],
    ['a forged signature', false, () => `${cookieOf('ann@example.com').split('.')[0]}.${'A'.repeat(43)}`],
    ['a later issue time with the same signature', false, () => cookieOf('ann@example.com').replace(/^\d+/, (issued) => String(Number(issued) + 1))],
    ['an oversized value', false, () => `${'9'.repeat(10_000)}.x`],
    ['no cookie', false, () => undefined],
  ])('%s: known %s', (_case, known, cookie) => {
    expect(isKnownBrowser({ ctx: t.ctx, email: 'ann@example.com', cookie: cookie() })).toBe(known);
  });

  it('forgets a browser after 90 days', () => {
    const cookie = cookieOf('ann@example.com');
    t.advance(89 * DAY);
    expect(isKnownBrowser({ ctx: t.ctx, email: 'ann@example.com', cookie })).toBe(true);
    t.advance(2 * DAY);
    expect(isKnownBrowser({ ctx: t.ctx, email: 'ann@example.com', cookie })).toBe(false);
  });
});
