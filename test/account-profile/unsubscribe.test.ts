import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { existingUser } from '../helpers/accounts';

const ANN = 'ann@example.com';
const INVALID = 'This unsubscribe link is invalid.';

const unsubscribe = (t: TestApp, query: Record<string, string>) => request(t.app).get('/api/user/unsubscribe').query(query);

describe('GET /api/user/unsubscribe', () => {
  const t = withTestApp();
  let guid: string;
  beforeEach(async () => {
    await existingUser({ t, email: ANN });
    await existingUser({ t, email: 'bob@example.com' });
    guid = String((await t.ctx.store.collection('users').findOne({ email: ANN }))?.unsubscribeGuid);
  });

  it('gives every new account its own random unsubscribe guid', async () => {
    const bob = await t.ctx.store.collection('users').findOne({ email: 'bob@example.com' });
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(bob?.unsubscribeGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(bob?.unsubscribeGuid).not.toBe(guid);
  });

  it('turns CRM email off without a session, answers the email, and can be used again', async () => {
    const res = await unsubscribe(t, { guid, email: 'Ann@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { email: ANN }, message: 'You have been unsubscribed from our marketing emails' });
    expect(await t.ctx.store.collection('users').findOne({ email: ANN })).toMatchObject({ subscribed: false, isSubscribe: true });
    expect((await unsubscribe(t, { guid, email: ANN })).status).toBe(200);
    expect(await t.ctx.store.collection('users').findOne({ email: 'bob@example.com' })).toMatchObject({ subscribed: true });
  });

  it.each([
    ['a wrong guid', () => ({ guid: '00000000-0000-4000-8000-000000000000', email: ANN })],
    ["another account's email", () => ({ guid: 'x', email: 'bob@example.com' })],
    ['an unknown email', () => ({ guid: 'x', email: 'nobody@example.com' })],
  ])('refuses %s alike and changes nothing', async (_case, query) => {
    const built = query();
    const res = await unsubscribe(t, built.guid === 'x' ? { ...built, guid } : built);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: INVALID });
    expect(await t.ctx.store.collection('users').count({ subscribed: false })).toBe(0);
  });

  it.each([
    ['the guid', { email: ANN }, 'query.guid'],
    ['the email', { guid: 'some-guid' }, 'query.email'],
  ])('refuses a link without %s', async (_case, query, field) => {
    const res = await unsubscribe(t, query);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveProperty([field]);
  });

  it('lets the user opt back in from the profile', async () => {
    await unsubscribe(t, { guid, email: ANN });
    const agent = request.agent(t.app);
    await agent.post('/api/user/login').send({ username: ANN, password: 'correct horse battery staple', captchaToken: 'test-captcha-token' });
    const res = await agent.post('/api/user').send({ subscribed: true });
    expect(res.body.data.subscribed).toBe(true);
  });
});
