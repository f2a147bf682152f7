// Login limits: sliding windows of failures per account and per address (docs/accounts.md).
// A busy address is also paced (login-pacing.test.ts): spraying steps here wait their turns.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { CAPTCHA, STRONG_PASSWORD, existingUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';

const MINUTE = 60 * 1000;
const WINDOW = 15 * MINUTE;
const HERE = '203.0.113.1';
const THERE = '198.51.100.2';
const TOO_MANY = /^Too many login attempts\. Please try again in \d+ minutes?\.$/;
const PACED = /^Too many failed logins from your network\./;
/** At most this many turns waited for one sprayed attempt: the pace is at most a minute. */
const MAX_TURNS_WAITED = 3;

interface Step {
  /** Moves the clock first. */
  wait?: number;
  from?: string;
  email: string;
  right: boolean;
  /** Sends this many at once; every answer must be `status`. */
  times?: number;
  status: number;
  /** Sent from a browser that signed in to the account before (never paced). */
  known?: Agent;
  /** Waits out the address's pace (Retry-After) before the attempt is judged. */
  paced?: boolean;
}

const attempt = ({ t, from, email, right, agent }: { t: TestApp; from: string; email: string; right: boolean; agent?: Agent }) =>
  (agent ?? request(t.app))
    .post('/api/user/login')
    .set('X-Forwarded-For', from)
    .send({ username: email, password: right ? STRONG_PASSWORD : 'a wrong password', captchaToken: CAPTCHA });

/** A browser that has signed in to the account (it keeps the known-browser cookie). */
async function knownBrowser({ t, email, from = HERE }: { t: TestApp; email: string; from?: string }): Promise<Agent> {
  const agent = request.agent(t.app);
  expect((await attempt({ t, from, email, right: true, agent })).status).toBe(200);
  return agent;
}

/** Five wrong passwords for one account, one after another. */
const fiveFailures = (email: string, from = HERE): Step => ({ email, from, right: false, times: 5, status: 401 });
/** One failure on each of `count` unknown accounts, each waiting its turn once the address is paced. */
const spray = (count: number, from = HERE): Step[] =>
  Array.from({ length: count }, (_, i) => ({ email: `user${i}@example.com`, from, right: false, status: 401, paced: true }));

async function judged({ t, step }: { t: TestApp; step: Step }) {
  for (let turn = 0; ; turn += 1) {
    const res = await attempt({ t, from: step.from ?? HERE, email: step.email, right: step.right, agent: step.known });
    if (!step.paced || res.status !== 429 || !PACED.test(res.body.message) || turn === MAX_TURNS_WAITED) return res;
    t.advance(Number(res.headers['retry-after']) * 1000);
  }
}

async function run({ t, steps }: { t: TestApp; steps: Step[] }): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (step.wait) t.advance(step.wait);
    for (let i = 0; i < (step.times ?? 1); i += 1) {
      const res = await judged({ t, step });
      expect({ step: index, status: res.status }).toEqual({ step: index, status: step.status });
      if (res.status === 429) expect(res.body.message).toMatch(TOO_MANY);
    }
  }
}

describe('login limits behind a proxy (TRUST_PROXY: one address per client)', () => {
  const t = withTestApp({ config: { trustProxy: true } });
  const browsers: Record<'ann' | 'bob', Agent | undefined> = { ann: undefined, bob: undefined };

  beforeEach(async () => {
    await existingUser({ t, email: 'ann@example.com' });
    await existingUser({ t, email: 'bob@example.com' });
    browsers.ann = await knownBrowser({ t, email: 'ann@example.com' });
    browsers.bob = await knownBrowser({ t, email: 'bob@example.com' });
    // One minute before a quarter hour, where fixed windows would have started afresh.
    t.advance(WINDOW - (t.ctx.now().getTime() % WINDOW) - MINUTE);
  });

  it.each<[string, () => Step[]]>([
    [
      'a burst across a window edge gets no more than the limit',
      () => [fiveFailures('ann@example.com'), { wait: 2 * MINUTE, email: 'ann@example.com', right: true, status: 429 }, { wait: 13 * MINUTE, email: 'ann@example.com', right: true, status: 200 }],
    ],
    [
      'failures count, and a correct password wipes them',
      () => [
        { email: 'ann@example.com', right: false, times: 4, status: 401 },
        { email: 'ann@example.com', right: true, status: 200 },
        fiveFailures('ann@example.com'),
        { email: 'ann@example.com', right: true, status: 429 },
      ],
    ],
    ['unknown accounts count too', () => [fiveFailures('nobody@example.com'), { email: 'nobody@example.com', right: false, status: 429 }]],
    [
      'refused attempts do not make the lock last longer',
      () => [
        fiveFailures('ann@example.com'),
        { wait: 10 * MINUTE, email: 'ann@example.com', right: false, times: 3, status: 429 },
        { wait: 5 * MINUTE, email: 'ann@example.com', right: true, status: 200 },
      ],
    ],
    [
      'a locked account does not lock out another account from the same address',
      () => [fiveFailures('ann@example.com'), { email: 'ann@example.com', right: true, times: 3, status: 429 }, { email: 'bob@example.com', right: true, status: 200 }],
    ],
    [
      'a busy address may not retry failing accounts, but correct sign-ins of others pass',
      () => [
        ...spray(30),
        { email: 'user0@example.com', right: false, status: 429 },
        { email: 'ann@example.com', right: true, known: browsers.ann, status: 200 },
        { email: 'bob@example.com', right: false, known: browsers.bob, status: 401 },
        { email: 'bob@example.com', right: true, known: browsers.bob, status: 429 },
        { email: 'bob@example.com', right: true, from: THERE, status: 200 },
        { wait: WINDOW, email: 'user0@example.com', right: false, status: 401 },
      ],
    ],
  ])('%s', async (_label, steps) => {
    await run({ t, steps: steps() });
  });

  it('answers Retry-After with the seconds until the oldest failure leaves the window', async () => {
    await run({ t, steps: [fiveFailures('ann@example.com'), { wait: 2 * MINUTE, email: 'ann@example.com', right: true, status: 429 }] });
    const res = await attempt({ t, from: HERE, email: 'ann@example.com', right: true });
    expect(Number(res.headers['retry-after'])).toBe(13 * 60);
    expect(res.body.message).toBe('Too many login attempts. Please try again in 13 minutes.');
  });

  it.each([
    ['right', true, { 200: 20 }],
    ['wrong', false, { 401: 5, 429: 15 }],
  ])('20 concurrent logins with the %s password: only failures count', async (_label, right, expected) => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt({ t, from: HERE, email: 'ann@example.com', right })));
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1;
    expect(counts).toEqual(expected);
    expect((await attempt({ t, from: HERE, email: 'bob@example.com', right: true })).status).toBe(200);
  });
});

describe('login limits without TRUST_PROXY behind a proxy (every client shares one address)', () => {
  const t = withTestApp();

  it('never locks out a correct password for an account that is not failing', async () => {
    await existingUser({ t, email: 'ann@example.com' });
    const ann = await knownBrowser({ t, email: 'ann@example.com' });
    // The forwarded address is ignored: all of these come from the proxy's address.
    await run({
      t,
      steps: [
        ...spray(31, HERE),
        { email: 'ann@example.com', from: THERE, right: true, known: ann, status: 200 },
        { email: 'ann@example.com', from: THERE, right: true, paced: true, status: 200 },
      ],
    });
  });
});
