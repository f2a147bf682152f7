// A form widget's submissions end to end against the real server and store: posted by the embed
// runtime (checked by the saved fields, honeypot, limits per address and per widget), mailed to
// the owner over the SMTP peer, listed, deleted and exported by the owner's editors only.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { startSmtpSink } from '../fixtures/smtp-sink';
import { deliverDueMail } from '../../server/services/mail/mail-queue';
import { users } from '../../server/services/accounts/users';
import { projectPermissions, projects, widgets } from '../../server/services/workspace/model';
import { submissions } from '../../server/services/widget-submissions/model';
import { SUBMISSION_LIMITS } from '../../server/services/widget-submissions/limits';
import { submissionsPath } from '../../rules/widget-submissions';

const FIELDS = [
  { label: 'Name', type: 'text', required: true, placeholder: '', options: [] },
  { label: 'Email', type: 'email', required: true, placeholder: '', options: [] },
  { label: 'Topic', type: 'choice', required: false, placeholder: '', options: ['Sales', 'Support'] },
  { label: 'Newsletter', type: 'checkbox', required: false, placeholder: '', options: [] },
  { label: 'Message', type: 'message', required: true, placeholder: '', options: [] },
];
const GOOD = { values: { Name: 'Ada', Email: 'ada@example.com', Topic: 'Sales', Message: 'Hello' }, consent: true };

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let owner: Agent;

beforeEach(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url, trustProxy: true });
  owner = await signedInUser({ t, email: 'owner@forms.test' });
  // The sign-up's own mail leaves first, so each test sees only the mails it caused.
  await deliverDueMail({ ctx: t.ctx });
  sink.received.length = 0;
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

const userId = async (email: string): Promise<string> => (await users(t.ctx).findOne({ email }))?._id ?? '';

async function aForm({ type = 'contact-form', settings = { fields: FIELDS } }: { type?: string; settings?: Record<string, unknown> } = {}): Promise<string> {
  const now = t.ctx.now().toISOString();
  const ownerId = await userId('owner@forms.test');
  const projectId = randomUUID();
  await projects(t.ctx).insertOne({ _id: projectId, ownerId, name: 'Site', domains: [], created: now, updated: now });
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId, projectId, name: 'Contact us', type, settings, views: 0, created: now, updated: now });
  return guid;
}

const post = (guid: string, body: unknown, ip = '203.0.113.7') =>
  request(t.app).post(`/api/v1/embed/widget/${guid}/submissions`).set('X-Forwarded-For', ip).set('Origin', 'https://shop.example').send(body as object);

const stored = (guid: string) => submissions(t.ctx).find({ widgetId: guid });

describe('posting a submission', () => {
  it('stores the checked values with the page and a hash of the address, open to every origin, and answers 201', async () => {
    const guid = await aForm();
    const res = await post(guid, { ...GOOD, values: { ...GOOD.values, Name: '  Ada  ', Newsletter: true }, page: 'https://shop.example/contact' });
    expect(res.status).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const [doc] = await stored(guid);
    expect(doc).toMatchObject({ widgetId: guid, values: { Name: 'Ada', Email: 'ada@example.com', Topic: 'Sales', Newsletter: true, Message: 'Hello' }, consent: true, page: 'https://shop.example/contact' });
    expect(JSON.stringify(doc)).not.toContain('203.0.113.7');
    expect(doc?.ipHash).toMatch(/^a[\w-]{22}$/);
  });

  it('takes a text/plain body as the runtime sends it (no preflight), and the Referer as the page', async () => {
    const guid = await aForm();
    const res = await request(t.app).post(`/api/v1/embed/widget/${guid}/submissions`).set('Content-Type', 'text/plain').set('Referer', 'https://shop.example/a').send(JSON.stringify(GOOD));
    expect(res.status).toBe(201);
    expect((await stored(guid))[0]?.page).toBe('https://shop.example/a');
  });

  it.each([
    ['a required field left out', { ...GOOD, values: { Email: 'ada@example.com', Message: 'Hi' } }, { 'values.Name': 'Please fill in this field' }],
    ['an email that is no address', { ...GOOD, values: { ...GOOD.values, Email: 'ada(at)example' } }, { 'values.Email': 'Please enter a valid email address' }],
    ['a label the form does not have', { ...GOOD, values: { ...GOOD.values, Password: 'x' } }, { 'values.Password': 'This form has no such field' }],
    ['a choice not offered', { ...GOOD, values: { ...GOOD.values, Topic: 'Free money' } }, { 'values.Topic': 'Please choose one of the options' }],
    ['a checkbox sent as text', { ...GOOD, values: { ...GOOD.values, Newsletter: 'yes' } }, { 'values.Newsletter': 'Must be ticked or not' }],
    ['a one-line answer over 500 characters', { ...GOOD, values: { ...GOOD.values, Name: 'x'.repeat(501) } }, { 'values.Name': 'Must be at most 500 characters' }],
    ['the required consent not given', { values: GOOD.values }, { consent: 'Please tick the consent box to continue' }],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, body, fieldErrors) => {
    const guid = await aForm();
    const res = await post(guid, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please check the highlighted fields');
    expect(res.body.fieldErrors).toEqual(fieldErrors);
    expect(await stored(guid)).toEqual([]);
  });

  it('refuses a body over the schema limits (a value over 5,000 characters, 21 values) with 400', async () => {
    const guid = await aForm();
    expect((await post(guid, { ...GOOD, values: { ...GOOD.values, Message: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await post(guid, { values: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x'])) })).status).toBe(400);
  });

  it('answers a filled honeypot 201 like any other, and neither stores nor mails it', async () => {
    const guid = await aForm();
    const res = await post(guid, { ...GOOD, company: 'Spam Inc' });
    expect(res.status).toBe(201);
    expect(await stored(guid)).toEqual([]);
    expect(await deliverDueMail({ ctx: t.ctx })).toBe(0);
  });

  it('answers 404 for an unknown widget and for one that is no form, 403 from a page outside the project domain', async () => {
    expect((await post('no-such-widget', GOOD)).body.message).toBe('Widget not found');
    const poll = await aForm({ type: 'poll', settings: {} });
    const res = await post(poll, GOOD);
    expect([res.status, res.body.message]).toEqual([404, 'This widget is not a form: it takes no submissions']);
    const guid = await aForm();
    const widget = await widgets(t.ctx).findOne({ _id: guid });
    await projects(t.ctx).updateOne({ _id: widget?.projectId ?? '' }, { $set: { domains: ['team.example.com'] } });
    expect((await post(guid, GOOD)).status).toBe(403);
  });

  it('takes an email capture by its fixed fields', async () => {
    const guid = await aForm({ type: 'email-capture', settings: { consentText: '', showName: true } });
    expect((await post(guid, { values: { Email: 'ada@example.com', Name: 'Ada' } })).status).toBe(201);
    expect((await post(guid, { values: { Email: 'nope' } }, '203.0.113.8')).body.fieldErrors).toEqual({ 'values.Email': 'Please enter a valid email address' });
  });
});

describe('limits', () => {
  it(`refuses the ${SUBMISSION_LIMITS.perAddressPerMinute + 1}th post of a minute from one address with 429 and Retry-After, honeypot and bad posts counted, while another address passes`, async () => {
    const guid = await aForm();
    for (let i = 0; i < SUBMISSION_LIMITS.perAddressPerMinute; i += 1) expect((await post(guid, i % 2 ? { ...GOOD, company: 'x' } : { values: {} })).status).not.toBe(429);
    const refused = await post(guid, GOOD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many messages from your address. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(guid, GOOD, '198.51.100.9')).status).toBe(201);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const guid = await aForm();
    for (let i = 0; i < SUBMISSION_LIMITS.perAddressPerMinute; i += 1) expect((await post(guid, GOOD, `2001:db8:1:2::${i + 1}`)).status).toBe(201);
    expect((await post(guid, GOOD, '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await post(guid, GOOD, '2001:db8:1:3::1')).status).toBe(201);
  });

  it(`refuses an address past ${SUBMISSION_LIMITS.perAddressPerDay} a day even a minute apart`, async () => {
    const guid = await aForm();
    for (let i = 0; i < SUBMISSION_LIMITS.perAddressPerDay; i += 1) {
      if (i % SUBMISSION_LIMITS.perAddressPerMinute === 0) t.advance(61_000);
      expect((await post(guid, GOOD)).status).toBe(201);
    }
    t.advance(61_000);
    expect((await post(guid, GOOD)).status).toBe(429);
  });

  it(`refuses a widget's ${SUBMISSION_LIMITS.perWidgetPerDay + 1}th stored submission of the day from any address`, async () => {
    const guid = await aForm();
    for (let i = 0; i < SUBMISSION_LIMITS.perWidgetPerDay; i += 1) expect((await post(guid, GOOD, `10.0.${Math.floor(i / 200)}.${i % 200}`)).status).toBe(201);
    const refused = await post(guid, GOOD, '10.9.9.9');
    expect([refused.status, refused.body.message]).toEqual([429, 'This form has received too many messages today. Please try again tomorrow.']);
    expect(await submissions(t.ctx).count({ widgetId: guid })).toBe(SUBMISSION_LIMITS.perWidgetPerDay);
  }, 60_000);
});

describe('the mail to the owner', () => {
  it("delivers each stored submission's values, the widget's name and a link to its submissions over SMTP", async () => {
    const guid = await aForm();
    await post(guid, { ...GOOD, values: { ...GOOD.values, Newsletter: true } });
    expect(await deliverDueMail({ ctx: t.ctx })).toBe(1);
    const [mail] = sink.received;
    expect(mail?.to).toEqual(['owner@forms.test']);
    expect(mail?.raw).toMatch(/^Subject: New submission to Contact us$/m);
    for (const line of ['Name: Ada', 'Email: ada@example.com', 'Topic: Sales', 'Newsletter: Yes', 'Message: Hello', submissionsPath(guid)]) expect(mail?.raw).toContain(line);
  });
});

describe("the owner's calls", () => {
  async function withSubmissions(count: number): Promise<string> {
    const guid = await aForm();
    for (let i = 0; i < count; i += 1) {
      t.advance(1000);
      await post(guid, { ...GOOD, values: { ...GOOD.values, Name: `Visitor ${i}` } }, `192.0.2.${i}`);
    }
    return guid;
  }

  it('lists them newest first, paged, without the address hash', async () => {
    const guid = await withSubmissions(3);
    const res = await owner.get(`/api/v1/plugin/${guid}/submissions?limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, pages: 2, limit: 2 });
    expect(res.body.data.docs.map((doc: { values: { Name: string } }) => doc.values.Name)).toEqual(['Visitor 2', 'Visitor 1']);
    expect(res.body.data.docs[0]).not.toHaveProperty('ipHash');
    expect(res.body.data.docs[0]).not.toHaveProperty('_id');
  });

  it('deletes one, and answers 404 for it afterwards', async () => {
    const guid = await withSubmissions(2);
    const [first] = (await owner.get(`/api/v1/plugin/${guid}/submissions`)).body.data.docs;
    expect((await owner.delete(`/api/v1/plugin/${guid}/submissions/${first.id}`)).status).toBe(200);
    expect((await owner.get(`/api/v1/plugin/${guid}/submissions`)).body.data.total).toBe(1);
    expect((await owner.delete(`/api/v1/plugin/${guid}/submissions/${first.id}`)).body.message).toBe('Submission not found');
  });

  it('exports every one as CSV with a column per field label, cells that would run as formulas quoted', async () => {
    const guid = await aForm();
    await post(guid, { ...GOOD, values: { Name: '=HYPERLINK("http://evil.example","x")', Email: 'a@example.com', Message: '+1 call me, "soon"' } });
    await post(guid, { ...GOOD, values: { Name: '@SUM(A1)', Email: 'b@example.com', Message: '-5\nline two' } }, '192.0.2.50');
    const res = await owner.get(`/api/v1/plugin/${guid}/submissions/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Contact us-submissions.csv"');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('Received,Page,Name,Email,Topic,Newsletter,Message');
    expect(res.text).toContain(`,'@SUM(A1),b@example.com,,,"'-5\nline two"`);
    expect(res.text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",a@example.com,,,"'+1 call me, ""soon"""`);
  });

  it.each([
    ['viewer', 403],
    ['editor', 200],
    ['admin', 200],
  ] as const)('answers a project %s %i on the list, the export and a delete', async (role, status) => {
    const guid = await withSubmissions(1);
    const member = await signedInUser({ t, email: `${role}@forms.test` });
    const widget = await widgets(t.ctx).findOne({ _id: guid });
    const now = t.ctx.now().toISOString();
    await projectPermissions(t.ctx).insertOne({ _id: randomUUID(), projectId: widget?.projectId ?? '', role, status: 'active', email: `${role}@forms.test`, userId: await userId(`${role}@forms.test`), invitedBy: widget?.ownerId ?? '', created: now, updated: now });
    expect((await member.get(`/api/v1/plugin/${guid}/submissions`)).status).toBe(status);
    expect((await member.get(`/api/v1/plugin/${guid}/submissions/export`)).status).toBe(status);
    expect((await member.delete(`/api/v1/plugin/${guid}/submissions/none`)).status).toBe(status === 200 ? 404 : 403);
  });

  it('answers a stranger 404 and no session 401', async () => {
    const guid = await withSubmissions(1);
    const stranger = await signedInUser({ t, email: 'stranger@forms.test' });
    expect((await stranger.get(`/api/v1/plugin/${guid}/submissions`)).status).toBe(404);
    expect((await request(t.app).get(`/api/v1/plugin/${guid}/submissions`)).status).toBe(401);
  });
});
