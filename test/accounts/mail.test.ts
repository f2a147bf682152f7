import request from 'supertest';
import { sendMail } from '../../server/services/mail/send-mail';
import { MAIL_LEASE_MS, deliverDueMail, startMailWorker } from '../../server/services/mail/mail-queue';
import { OUTBOX } from '../../server/services/mail/outbox';
import type { OutboxMail } from '../../server/services/mail/outbox';
import { actionMail, appUrl, confirmationMail, invitationMail, resetPasswordMail } from '../../server/services/mail/templates';
import { createTestApp, withTestApp } from '../helpers/test-app';
import { mailedToken, register } from '../helpers/accounts';
import type { TestApp } from '../helpers/test-app';
import { startSmtpSink } from '../fixtures/smtp-sink';

const MINUTE = 60 * 1000;
const DOWN = 'smtp://127.0.0.1:1';
const outboxOf = (t: TestApp) => t.ctx.store.collection<OutboxMail>(OUTBOX);
const queueSimple = (t: TestApp, to = 'x@example.test') => sendMail({ ctx: t.ctx, to, subject: 's', text: 't', html: '<p>t</p>' });

describe('delivering mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeEach(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, mailFrom: 'Acme <no-reply@acme.test>', brand: 'Acme' });
  });
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  it('queues the mail, then delivers it to the recipient with its subject and link on the next tick', async () => {
    const link = appUrl({ ctx: t.ctx, path: '/confirm/tok_0123456789abcdef0123456789abcdef0123456789abcdef' });
    await sendMail({ ctx: t.ctx, to: 'ada@example.test', ...confirmationMail({ ctx: t.ctx, link }) });
    expect(sink.received).toHaveLength(0);
    expect(await outboxOf(t).find({})).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);

    expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.to).toEqual(['ada@example.test']);
    expect(mail?.from).toBe('no-reply@acme.test');
    expect(mail?.raw).toMatch(/^Subject: Confirm your Acme email address$/m);
    expect(mail?.raw).toContain(link);
    const [stored] = await outboxOf(t).find({});
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, sentAt: t.ctx.now().toISOString(), text: '', html: '' });
    expect(stored).not.toHaveProperty('leaseId');
    expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
  });

  it('delivers queued mail from the background worker', async () => {
    await queueSimple(t, 'ada@example.test');
    const stop = startMailWorker(t.ctx);
    try {
      for (let waited = 0; sink.received.length === 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    expect(sink.received.map((m) => m.to)).toEqual([['ada@example.test']]);
  });

  it('sends a mail once when two ticks run at the same time', async () => {
    await queueSimple(t);
    const attempted = await Promise.all([deliverDueMail({ ctx: t.ctx }), deliverDueMail({ ctx: t.ctx })]);
    expect(attempted.sort()).toEqual([0, 1]);
    expect(sink.received).toHaveLength(1);
    expect(await outboxOf(t).find({})).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('takes back a mail claimed by a crashed worker once its lease has expired', async () => {
    await queueSimple(t);
    const crashedClaim = new Date(t.ctx.now().getTime() + MAIL_LEASE_MS).toISOString();
    await outboxOf(t).updateMany({}, { $set: { leaseId: 'crashed', nextAttemptAt: crashedClaim }, $inc: { attempts: 1 } });

    expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
    t.advance(MAIL_LEASE_MS);
    expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);
    expect(sink.received).toHaveLength(1);
    expect(await outboxOf(t).find({})).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });
});

describe('mail the SMTP server refuses', () => {
  it('is retried a minute later and then delivered', async () => {
    const sink = await startSmtpSink({ failures: 1 });
    const t = await createTestApp({ smtpUrl: sink.url });
    try {
      await queueSimple(t, 'ada@example.test');
      expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);
      expect(sink.received).toHaveLength(0);
      const [refused] = await outboxOf(t).find({});
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('try again later') });
      expect(refused?.text).toBe('t');

      t.advance(MINUTE - 1);
      expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
      t.advance(1);
      expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);
      expect(sink.received.map((m) => m.to)).toEqual([['ada@example.test']]);
      expect(await outboxOf(t).find({})).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
    } finally {
      await t.close();
      await sink.close();
    }
  });

  it('is marked failed after the retries at 1 min, 5 min, 30 min and 2 h', async () => {
    const t = await createTestApp({ smtpUrl: DOWN });
    try {
      await queueSimple(t);
      for (const wait of [0, MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]) {
        t.advance(wait);
        expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);
      }
      const [failed] = await outboxOf(t).find({});
      expect(failed).toMatchObject({ status: 'failed', attempts: 5, lastError: expect.stringContaining('ECONNREFUSED'), text: '', html: '' });
      t.advance(24 * 60 * MINUTE);
      expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('signing up while the SMTP server is down', () => {
  const t = withTestApp({ config: { smtpUrl: DOWN } });

  it('creates the account, answers with success and keeps the confirmation mail queued', async () => {
    const res = await register({ agent: request.agent(t.app), email: 'ada@example.test' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, data: { user: { email: 'ada@example.test' } } });
    expect(await mailedToken({ ctx: t.ctx, to: 'ada@example.test', kind: 'confirm' })).toEqual(expect.any(String));

    await deliverDueMail({ ctx: t.ctx });
    expect(await outboxOf(t).find({})).toEqual([expect.objectContaining({ to: 'ada@example.test', status: 'pending', attempts: 1 })]);
  });
});

describe('the outbox and the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.ctx.store.collection(OUTBOX).deleteMany({}));
  afterAll(() => t.close());

  const send = async (to: string, path: string) => {
    await sendMail({ ctx: t.ctx, to, ...resetPasswordMail({ ctx: t.ctx, link: appUrl({ ctx: t.ctx, path }) }) });
    t.advance(1000);
  };

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    await send('ada@example.test', '/reset/abc');
    const stored = await t.ctx.store.collection(OUTBOX).find({});
    expect(stored).toEqual([
      expect.objectContaining({ to: 'ada@example.test', subject: 'Reset your Nindo password', created: expect.any(String) }),
    ]);
    expect(stored[0]).not.toHaveProperty('status');
    expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
  });

  it('lists mail newest first with the links each one carries', async () => {
    await send('ada@example.test', '/reset/first');
    await send('bob@example.test', '/reset/second');

    const res = await request(t.app).get('/api/dev/mail').expect(200);
    const docs = res.body.data.docs as { to: string; links: string[] }[];
    expect(docs.map((d) => d.to)).toEqual(['bob@example.test', 'ada@example.test']);
    expect(docs[0]?.links).toEqual([`${t.ctx.config.publicUrl}/reset/second`]);
  });

  it('filters the mailbox by recipient and limits the count', async () => {
    await send('ada@example.test', '/reset/1');
    await send('bob@example.test', '/reset/2');
    await send('ada@example.test', '/reset/3');

    const byRecipient = await request(t.app).get('/api/dev/mail').query({ to: 'ada@example.test' }).expect(200);
    expect(byRecipient.body.data.docs.map((d: { links: string[] }) => d.links[0])).toEqual([
      `${t.ctx.config.publicUrl}/reset/3`,
      `${t.ctx.config.publicUrl}/reset/1`,
    ]);
    const limited = await request(t.app).get('/api/dev/mail').query({ limit: 1 }).expect(200);
    expect(limited.body.data.docs).toHaveLength(1);
  });

  it('shows one mail with its HTML, and 404 for an unknown id', async () => {
    await send('ada@example.test', '/reset/abc');
    const [first] = (await request(t.app).get('/api/dev/mail').expect(200)).body.data.docs as { _id: string }[];

    const one = await request(t.app).get(`/api/dev/mail/${first?._id}`).expect(200);
    expect(one.body.data.html).toContain('href="http://localhost:3000/reset/abc"');
    const missing = await request(t.app).get('/api/dev/mail/nope').expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Mail not found' });
  });

  it('empties the mailbox', async () => {
    await send('ada@example.test', '/reset/1');
    await send('bob@example.test', '/reset/2');

    const res = await request(t.app).delete('/api/dev/mail').expect(200);
    expect(res.body.data).toEqual({ deleted: 2 });
    expect((await request(t.app).get('/api/dev/mail').expect(200)).body.data.docs).toEqual([]);
  });
});

describe('the dev mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true });
    await sendMail({ ctx: t.ctx, to: 'ada@example.test', subject: 'secret', text: 'secret', html: 'secret' });
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/dev/mail'],
    ['get', '/api/dev/mail/any-id'],
    ['delete', '/api/dev/mail'],
  ] as const)('answers 404 to %s %s', async (method, path) => {
    const res = await request(t.app)[method](path).expect(404);
    expect(res.body).toMatchObject({ success: false, data: null });
    expect(await t.ctx.store.collection(OUTBOX).count({})).toBe(1);
  });
});

describe('mail templates', () => {
  const ctx = { config: { brand: 'Acme', publicUrl: 'https://acme.test' } } as Parameters<typeof appUrl>[0]['ctx'];

  it.each([
    ['confirmation', confirmationMail({ ctx, link: 'https://acme.test/confirm/t1' }), 'Confirm your Acme email address', 'https://acme.test/confirm/t1'],
    ['reset', resetPasswordMail({ ctx, link: 'https://acme.test/reset/t2' }), 'Reset your Acme password', 'https://acme.test/reset/t2'],
    [
      'invitation',
      invitationMail({ ctx, inviterName: 'Ada', targetName: 'Shop', kind: 'project', link: 'https://acme.test/project/invitation/t3' }),
      'Ada invited you to the project "Shop" on Acme',
      'https://acme.test/project/invitation/t3',
    ],
  ])('the %s mail carries the brand, its subject and its link in both bodies', (_name, mail, subject, link) => {
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('The Acme team');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes what users typed in the HTML body', () => {
    const mail = invitationMail({ ctx, inviterName: '<b>Eve</b>', targetName: 'x" onclick="y', kind: 'widget', link: 'https://acme.test/i' });
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('x&quot; onclick=&quot;y');
  });

  it('builds a mail without a button', () => {
    const mail = actionMail({ ctx, subject: 'Hello', paragraphs: ['One.', 'Two.'] });
    expect(mail.text).toBe('One.\n\nTwo.\n\n— The Acme team');
    expect(mail.html).not.toContain('<a ');
  });
});
