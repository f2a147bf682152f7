// Every limit kept per client address counts one IPv6 client by its /64, through one shared
// function (server/http/client-address.ts; issue 27 item 1): an IPv6 subscriber holds a whole
// /64, so a limit keyed by the full address gives one machine 2^64 fresh starts. Each limit is
// filled from one IPv4 address, from ever-changing addresses of one /64 (refused alike), and from
// addresses of as many /64s (never refused: other networks are other clients).
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { CAPTCHA, STRONG_PASSWORD } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { createAppAs, signInAs } from '../helpers/developer';
import { addressKey } from '../../server/http/client-address';
import { BUSY_ADDRESS_FAILURES } from '../../server/services/accounts/limits';
import { EXCHANGE_LIMITS } from '../../server/services/developer/install/exchange-limits';
import { widgets } from '../../server/services/workspace/model';
import { EVENT_MESSAGES } from '../../rules/widget-events';

const EVENTS_PER_ADDRESS = 10;
const MAILS_PER_ADDRESS = 10;
// Behind a proxy (TRUST_PROXY), so each request comes from the address it names.
const t = withTestApp({
  config: {
    trustProxy: true,
    eventLimits: { perWidgetPerMinute: 100_000, perAddressPerMinute: EVENTS_PER_ADDRESS },
    addressMailLimits: { signup: MAILS_PER_ADDRESS, reset: MAILS_PER_ADDRESS, confirm: MAILS_PER_ADDRESS },
  },
});

/** The address of the i-th attempt. */
type Senders = (i: number) => string;
const SENDERS: [string, Senders, boolean][] = [
  ['one IPv4 address', () => '203.0.113.9', true],
  ['ever-changing addresses of one IPv6 /64', (i) => `2001:db8:1:3::${(i + 1).toString(16)}`, true],
  ['ever-changing addresses of one /64, some written in full', (i) => (i % 2 ? `2001:0db8:0001:0003:${(i + 1).toString(16)}:0:0:1` : `2001:db8:1:3:ffff::${i + 1}`), true],
  ['addresses of as many IPv6 /64s', (i) => `2001:db8:1:${(i + 1).toString(16)}::1`, false],
];

interface Limited {
  /** Attempts answered before the one refused. */
  allowed: number;
  refusal: RegExp;
  /** Builds what the attempts need; answers the i-th attempt from an address. */
  prepare: (t: TestApp) => Promise<(attempt: { from: string; i: number }) => Promise<Response>>;
}

const minutes = (what: string): RegExp => new RegExp(`^${what}\\. Please try again in \\d+ minutes?\\.$`);

async function signedUpElsewhere(app: TestApp, email: string): Promise<Agent> {
  const agent = request.agent(app.app);
  const res = await agent.post('/api/user/register').set('X-Forwarded-For', '192.0.2.200').send({ username: email, fullName: 'Ada Lovelace', password: STRONG_PASSWORD, captchaToken: CAPTCHA });
  expect(res.status).toBe(201);
  return agent;
}

async function publishedApp(developer: Agent): Promise<{ appId: string; appSecret: string }> {
  const appId = await createAppAs({ agent: developer, name: 'Limited App' });
  const res = await developer.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { authCallback: 'https://app.example/cb' }, status: 'published' }).expect(200);
  return { appId, appSecret: res.body.data.secretKey as string };
}

const LIMITS: Record<string, Limited> = {
  'failed logins (the pace of a busy address)': {
    allowed: BUSY_ADDRESS_FAILURES + 1,
    refusal: /^Too many failed logins from your network\. Please try again in \d+ seconds?\.$/,
    prepare: async (app) => ({ from, i }) =>
      request(app.app).post('/api/user/login').set('X-Forwarded-For', from).send({ username: `nobody${i}@example.com`, password: 'a wrong password', captchaToken: CAPTCHA }),
  },
  'sign-ups': {
    allowed: MAILS_PER_ADDRESS,
    refusal: minutes('Too many sign-ups from your network'),
    prepare: async (app) => ({ from, i }) =>
      request(app.app).post('/api/user/register').set('X-Forwarded-For', from).send({ username: `stranger${i}@example.com`, fullName: 'Ada Lovelace', password: STRONG_PASSWORD, captchaToken: CAPTCHA }),
  },
  'password reset requests': {
    allowed: MAILS_PER_ADDRESS,
    refusal: minutes('Too many password reset requests from your network'),
    prepare: async (app) => ({ from, i }) => request(app.app).post('/api/user/forgotPassword').set('X-Forwarded-For', from).send({ email: `someone${i}@example.com`, captchaToken: CAPTCHA }),
  },
  'confirmation mails sent again': {
    allowed: MAILS_PER_ADDRESS,
    refusal: minutes('Too many confirmation emails requested from your network'),
    prepare: async (app) => {
      // Three a account: four unconfirmed accounts, each asking until the address is full.
      const agents: Agent[] = [];
      for (let n = 0; n < 4; n += 1) agents.push(await signedUpElsewhere(app, `unconfirmed${n}@example.com`));
      return ({ from, i }) => (agents[Math.floor(i / 3)] as Agent).post('/api/user/emailConfirmation').set('X-Forwarded-For', from);
    },
  },
  'widget events': {
    allowed: EVENTS_PER_ADDRESS,
    refusal: new RegExp(`^${EVENT_MESSAGES.tooManyForAddress(EVENTS_PER_ADDRESS)}$`),
    prepare: async (app) => {
      const now = app.ctx.now().toISOString();
      const widgetId = randomUUID();
      await widgets(app.ctx).insertOne({ _id: widgetId, ownerId: 'someone', projectId: null, name: 'Poll', type: 'poll', settings: {}, views: 0, created: now, updated: now });
      return ({ from }) => request(app.app).post('/api/v1/events').set('X-Forwarded-For', from).send({ events: [{ widgetId, type: 'view', host: 'shop.example.com' }] });
    },
  },
  'failed OAuth code exchanges': {
    allowed: EXCHANGE_LIMITS.perAddress,
    refusal: minutes('Too many failed token requests'),
    prepare: async (app) => {
      const { agent: developer } = await signInAs({ app: app.app, ctx: app.ctx, email: 'maker@example.com' });
      // Three apps, so the per-app limit of wrong secrets is never the one reached.
      const apps = [await publishedApp(developer), await publishedApp(developer), await publishedApp(developer)];
      return ({ from, i }) => {
        const { appId, appSecret } = apps[i % apps.length] as { appId: string; appSecret: string };
        return request(app.app).post('/integrations/oauth/token').set('X-Forwarded-For', from).send({ appId, appSecret: `${appSecret}x`, code: 'some-code' });
      };
    },
  },
};

describe.each(Object.entries(LIMITS))('the per-address limit of %s', (_limit, { allowed, refusal, prepare }) => {
  it.each(SENDERS)('from %s', async (_senders, from, refused) => {
    const attempt = await prepare(t);
    const refusedEarly: number[] = [];
    for (let i = 0; i < allowed; i += 1) if ((await attempt({ from: from(i), i })).status === 429) refusedEarly.push(i);
    expect(refusedEarly).toEqual([]);
    const last = await attempt({ from: from(allowed), i: allowed });
    if (refused) {
      expect({ status: last.status, message: last.body.message }).toEqual({ status: 429, message: expect.stringMatching(refusal) as unknown });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } else {
      expect(last.status).not.toBe(429);
    }
  });
});

describe('the address a limit counts', () => {
  it.each([
    ['two IPv6 addresses of one /64', '2001:db8:1:2::1', '2001:db8:1:2:ffff:0:0:9', true],
    ['IPv6 with and without zero groups written', '2001:db8:0:0::1', '2001:0db8::5', true],
    ['IPv6 in capitals and in small letters', '2001:DB8:A:B::1', '2001:db8:a:b::2', true],
    ['two IPv6 /64s', '2001:db8:1:2::1', '2001:db8:1:3::1', false],
    ['IPv4 and its IPv6-mapped form', '203.0.113.7', '::ffff:203.0.113.7', true],
    ['two IPv4 addresses', '203.0.113.7', '203.0.113.8', false],
  ])('keys %s (%s, %s) as one client: %s', (_case, a, b, same) => {
    expect(addressKey(a) === addressKey(b)).toBe(same);
  });

  it('keeps no address in the limit logs it stores', async () => {
    await request(t.app).post('/api/user/forgotPassword').set('X-Forwarded-For', '2001:db8:7:7::1').send({ email: 'someone@example.com', captchaToken: CAPTCHA }).expect(200);
    const keys = (await t.ctx.store.collection('rateLimits').find({})).map((doc) => doc._id);
    expect(keys).toEqual([expect.stringMatching(/^mail:reset:address:a[\w-]{22}$/)]);
    expect(keys.join()).not.toContain('2001');
  });
});
