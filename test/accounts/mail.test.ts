import request from 'supertest';
import { sendMail } from '../../server/services/mail/send-mail';
import { OUTBOX } from '../../server/services/mail/outbox';
import { actionMail, appUrl, confirmationMail, invitationMail, resetPasswordMail } from '../../server/services/mail/templates';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { startSmtpSink } from '../fixtures/smtp-sink';

describe('sending mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, mailFrom: 'Acme <no-reply@acme.test>', brand: 'Acme' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers the confirmation mail to the recipient with its subject and link', async () => {
    const link = appUrl({ ctx: t.ctx, path: '/confirm/tok_0123456789abcdef0123456789abcdef0123456789abcdef' });
    await sendMail({ ctx: t.ctx, to: 'ada@example.test', ...confirmationMail({ ctx: t.ctx, link }) });

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.to).toEqual(['ada@example.test']);
    expect(mail?.from).toBe('no-reply@acme.test');
    expect(mail?.raw).toMatch(/^Subject: Confirm your Acme email address$/m);
    expect(mail?.raw).toContain(link);
    expect(await t.ctx.store.collection(OUTBOX).count({})).toBe(0);
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await expect(sendMail({ ctx: down.ctx, to: 'x@example.test', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    } finally {
      await down.close();
    }
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
