// One address cannot make the server mail strangers without end (issue 27 item 2; default setup,
// no captcha provider): sign-ups, password reset requests and confirmation re-sends are capped per
// client address and hour (docs/accounts.md, "Mails per address"), counted in the store so two
// instances share the cap, with a 429 that says what to do and when.
import request from 'supertest';
import type { TestApp } from '../helpers/test-app';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { CAPTCHA, STRONG_PASSWORD } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { OUTBOX } from '../../server/services/mail/outbox';
import { readConfig } from '../../server/config';

const HOUR = 60 * 60 * 1000;
const HERE = '203.0.113.5';
const ELSEWHERE = '198.51.100.8';

/** The caps a start reads when nothing sets them (test apps raise them for the other suites). */
const DEFAULT_CAPS = readConfig({}).addressMailLimits;
// Behind a proxy (TRUST_PROXY), so each request comes from the address it names.
const pair = twoInstancesOnOneStore({ prefix: 'nindo-mail-limits-', config: { trustProxy: true, addressMailLimits: DEFAULT_CAPS } });

const signUp = ({ t, email, from = HERE, agent }: { t: TestApp; email: string; from?: string; agent?: Agent }) =>
  (agent ?? request(t.app)).post('/api/user/register').set('X-Forwarded-For', from).send({ username: email, fullName: 'Ada Lovelace', password: STRONG_PASSWORD, captchaToken: CAPTCHA });
const forgot = ({ t, email, from = HERE }: { t: TestApp; email: string; from?: string }) =>
  request(t.app).post('/api/user/forgotPassword').set('X-Forwarded-For', from).send({ email, captchaToken: CAPTCHA });
const mailsSent = async (t: TestApp): Promise<number> => t.ctx.store.collection(OUTBOX).count({});
/** Alternates the two instances, as a load balancer would. */
const instance = (i: number): TestApp => (i % 2 ? pair.two : pair.one);
const caps = () => pair.one.ctx.config.addressMailLimits;

const refusal = (what: string) => ({ status: 429, message: expect.stringMatching(new RegExp(`^${what}\\. Please try again in (60|59) minutes\\.$`)) as unknown });
const answerOf = (res: request.Response) => ({ status: res.status, message: res.body.message as string });

it('has caps of 10 sign-ups, 10 reset requests and 10 confirmation re-sends per address and hour', () => {
  expect(DEFAULT_CAPS).toEqual({ signup: 10, reset: 10, confirm: 10 });
});

describe('sign-ups from one address', () => {
  it('mails ten strangers an hour across two instances, then answers 429 with Retry-After until the hour is over', async () => {
    for (let i = 0; i < caps().signup; i += 1) expect((await signUp({ t: instance(i), email: `stranger${i}@example.com` })).status).toBe(201);
    const refused = await signUp({ t: pair.two, email: 'one-more@example.com' });
    expect(answerOf(refused)).toEqual(refusal('Too many sign-ups from your network'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR / 1000 - 60);
    expect(await mailsSent(pair.one)).toBe(caps().signup);
    expect(await pair.one.ctx.store.collection('users').count({ email: 'one-more@example.com' })).toBe(0);

    expect((await signUp({ t: pair.one, email: 'one-more@example.com', from: ELSEWHERE })).status).toBe(201);
    for (const t of [pair.one, pair.two]) t.advance(HOUR);
    expect((await signUp({ t: pair.two, email: 'next-hour@example.com' })).status).toBe(201);
  });

  it('counts a sign-up refused because the email has an account, so the 409 cannot be asked without end', async () => {
    expect((await signUp({ t: pair.one, email: 'ann@example.com', from: ELSEWHERE })).status).toBe(201);
    for (let i = 0; i < caps().signup; i += 1) expect((await signUp({ t: instance(i), email: 'ann@example.com' })).status).toBe(409);
    expect(answerOf(await signUp({ t: pair.one, email: 'ann@example.com' }))).toEqual(refusal('Too many sign-ups from your network'));
  });

  it('admits exactly the cap of a burst sent at once to two instances', async () => {
    const answers = await Promise.all(Array.from({ length: caps().signup + 5 }, (_, i) => signUp({ t: instance(i), email: `burst${i}@example.com` })));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(caps().signup).fill(201), ...Array(5).fill(429)]);
    expect(await mailsSent(pair.one)).toBe(caps().signup);
  });
});

describe('password reset requests from one address', () => {
  it('answers ten an hour, for accounts or not alike, then 429; other addresses are served', async () => {
    for (const email of ['ann@example.com', 'bob@example.com']) expect((await signUp({ t: pair.one, email, from: ELSEWHERE })).status).toBe(201);
    const mailsBefore = await mailsSent(pair.one);
    for (let i = 0; i < caps().reset; i += 1) {
      const email = i % 2 ? `nobody${i}@example.com` : 'ann@example.com';
      expect((await forgot({ t: instance(i), email })).status).toBe(200);
    }
    // Refused alike for an account and for none: the refusal says nothing about accounts.
    expect(answerOf(await forgot({ t: pair.one, email: 'bob@example.com' }))).toEqual(refusal('Too many password reset requests from your network'));
    expect(answerOf(await forgot({ t: pair.two, email: 'nobody@example.com' }))).toEqual(refusal('Too many password reset requests from your network'));
    // Ann's three a hour (the account's own cap) were all that was mailed.
    expect((await mailsSent(pair.one)) - mailsBefore).toBe(3);
    expect((await forgot({ t: pair.two, email: 'bob@example.com', from: ELSEWHERE })).status).toBe(200);
  });
});

describe('confirmation mails sent again from one address', () => {
  it('sends ten an hour over the accounts signed in there, then 429 naming the network', async () => {
    const agents: Agent[] = [];
    for (let n = 0; n < 4; n += 1) {
      const agent = request.agent(pair.one.app);
      expect((await signUp({ t: pair.one, email: `unconfirmed${n}@example.com`, from: ELSEWHERE, agent })).status).toBe(201);
      agents.push(agent);
    }
    const resend = (agent: Agent) => agent.post('/api/user/emailConfirmation').set('X-Forwarded-For', HERE);
    for (let i = 0; i < caps().confirm; i += 1) expect((await resend(agents[Math.floor(i / 3)] as Agent)).status).toBe(200);
    expect(answerOf(await resend(agents[3] as Agent))).toEqual(refusal('Too many confirmation emails requested from your network'));
    // The account's own cap still speaks first where it is reached.
    expect(answerOf(await resend(agents[0] as Agent))).toEqual({ status: 429, message: expect.stringMatching(/^Too many emails sent\. Please try again in \d+ minutes?\.$/) as unknown });
  });
});
