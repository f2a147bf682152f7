import request from 'supertest';
import type { TestApp } from '../helpers/test-app';
import { developerWithApp, webhookTestEnv } from './webhooks-fixtures';
import type { Developer, Receiver } from './webhooks-fixtures';
import { runDueDeliveries } from '../../server/services/webhooks/worker';

const base = (appId: string): string => `/integrations/developer/apps/${appId}/webhooks`;

describe('webhooks API', () => {
  const env = webhookTestEnv();
  let t: TestApp;
  let dev: Developer;
  let receiver: Receiver;
  beforeEach(() => {
    ({ t, dev, receiver } = env);
  });

  const as = (d: Developer) => ({
    get: (url: string) => request(t.app).get(url).set('Cookie', d.cookie),
    post: (url: string, body?: object) => request(t.app).post(url).set('Cookie', d.cookie).send(body),
    put: (url: string, body: object) => request(t.app).put(url).set('Cookie', d.cookie).send(body),
    del: (url: string) => request(t.app).delete(url).set('Cookie', d.cookie),
  });

  const addWebhook = async (url = receiver.url): Promise<string> => {
    const res = await as(dev).post(base(dev.appId), { url }).expect(201);
    return res.body.data.id as string;
  };

  it('adds a webhook that starts active and lists it', async () => {
    const res = await as(dev).post(base(dev.appId), { url: receiver.url }).expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Webhook created successfully', data: { url: receiver.url, status: 'active', appId: dev.appId } });
    const list = await as(dev).get(base(dev.appId)).expect(200);
    expect(list.body.data).toEqual([res.body.data]);
  });

  it('lists no webhooks for a new app', async () => {
    const list = await as(dev).get(base(dev.appId)).expect(200);
    expect(list.body.data).toEqual([]);
  });

  it.each([
    ['http://example.com/hook', 'Invalid URL, must start with https://'],
    ['example.com/hook', 'Invalid URL, must start with https://'],
    ['https://', 'Invalid URL, must start with https://'],
  ])('rejects the webhook URL %s', async (url, message) => {
    const res = await as(dev).post(base(dev.appId), { url }).expect(400);
    expect(res.body).toMatchObject({ success: false, data: null, message, fieldErrors: { url: message } });
  });

  it('rejects a webhook without a URL', async () => {
    const res = await as(dev).post(base(dev.appId), {}).expect(400);
    expect(res.body.fieldErrors).toHaveProperty('url');
  });

  it('reads one webhook', async () => {
    const id = await addWebhook();
    const res = await as(dev).get(`${base(dev.appId)}/${id}`).expect(200);
    expect(res.body.data).toMatchObject({ id, url: receiver.url, status: 'active' });
  });

  it('switches a webhook off and on and changes its URL', async () => {
    const id = await addWebhook();
    const off = await as(dev).put(`${base(dev.appId)}/${id}`, { status: 'inactive' }).expect(200);
    expect(off.body).toMatchObject({ message: 'Webhook updated successfully', data: { status: 'inactive' } });
    const moved = await as(dev).put(`${base(dev.appId)}/${id}`, { url: `${receiver.url}/v2`, status: 'active' }).expect(200);
    expect(moved.body.data).toMatchObject({ status: 'active', url: `${receiver.url}/v2` });
  });

  it('refuses to change a webhook to an http URL', async () => {
    const id = await addWebhook();
    const res = await as(dev).put(`${base(dev.appId)}/${id}`, { url: 'http://example.com' }).expect(400);
    expect(res.body.message).toBe('Invalid URL, must start with https://');
  });

  it('refuses an update with no field or an unknown status', async () => {
    const id = await addWebhook();
    await as(dev).put(`${base(dev.appId)}/${id}`, {}).expect(400);
    await as(dev).put(`${base(dev.appId)}/${id}`, { status: 'paused' }).expect(400);
  });

  it('deletes a webhook with its history, and says so when there is nothing to delete', async () => {
    const id = await addWebhook();
    await as(dev).post(`${base(dev.appId)}/${id}/test`).expect(200);
    await runDueDeliveries({ ctx: t.ctx });
    const res = await as(dev).del(`${base(dev.appId)}/${id}`).expect(200);
    expect(res.body).toMatchObject({ success: true, data: null });
    expect(await t.ctx.store.collection('webhookRequests').count({ webhookId: id })).toBe(0);
    const again = await as(dev).del(`${base(dev.appId)}/${id}`).expect(404);
    expect(again.body.message).toBe('No webhook to delete');
  });

  it('pages message requests by 10, newest first, and filters by status', async () => {
    const id = await addWebhook();
    let n = 0;
    receiver.respond(() => ({ status: n++ % 3 === 0 ? 500 : 200 }));
    for (let i = 0; i < 12; i++) {
      await as(dev).post(`${base(dev.appId)}/${id}/test`).expect(200);
      await runDueDeliveries({ ctx: t.ctx });
      t.advance(1000);
    }
    receiver.respond(() => ({ status: 200 }));
    const first = await as(dev).get(`${base(dev.appId)}/${id}/requests`).expect(200);
    expect(first.body.data).toMatchObject({ total: 12, page: 1, pages: 2, limit: 10 });
    expect(first.body.data.docs).toHaveLength(10);
    const created = first.body.data.docs.map((d: { created: string }) => d.created);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await as(dev).get(`${base(dev.appId)}/${id}/requests?page=2&limit=10`).expect(200);
    expect(second.body.data.docs).toHaveLength(2);
    const failed = await as(dev).get(`${base(dev.appId)}/${id}/requests?status=failed`).expect(200);
    expect(failed.body.data.total).toBe(4);
    expect(failed.body.data.docs.every((d: { status: string; response: { statusCode: number } }) => d.status === 'failed' && d.response.statusCode === 500)).toBe(true);
    const succeeded = await as(dev).get(`${base(dev.appId)}/${id}/requests?status=succeeded`).expect(200);
    expect(succeeded.body.data.total).toBe(8);
    await as(dev).get(`${base(dev.appId)}/${id}/requests?status=pending`).expect(400);
  });

  it('shows the request and response of a message', async () => {
    const id = await addWebhook();
    receiver.respond(() => ({ status: 202, body: 'thanks' }));
    await as(dev).post(`${base(dev.appId)}/${id}/test`).expect(200);
    await runDueDeliveries({ ctx: t.ctx });
    const list = await as(dev).get(`${base(dev.appId)}/${id}/requests`).expect(200);
    const [summary] = list.body.data.docs;
    expect(summary).toMatchObject({ type: 'webhook.test', status: 'succeeded', webhookId: id, appId: dev.appId, response: { statusCode: 202, status: 'Accepted' } });
    const msg = await as(dev).get(`${base(dev.appId)}/requests/${summary.id}/message`).expect(200);
    expect(msg.body.data.response).toEqual({ statusCode: 202, status: 'Accepted', body: 'thanks' });
    expect(JSON.parse(msg.body.data.request.body)).toMatchObject({ type: 'webhook.test', appId: dev.appId, data: { webhookId: id } });
    expect(msg.body.data.request.headers['webhook-id']).toBe(summary.eventId);
    await as(dev).get(`${base(dev.appId)}/requests/nope/message`).expect(404);
  });

  it('resends a message with the same webhook-id', async () => {
    const id = await addWebhook();
    await as(dev).post(`${base(dev.appId)}/${id}/test`).expect(200);
    await runDueDeliveries({ ctx: t.ctx });
    const list = await as(dev).get(`${base(dev.appId)}/${id}/requests`).expect(200);
    const requestId = list.body.data.docs[0].id as string;
    const res = await as(dev).post(`${base(dev.appId)}/${id}/requests/${requestId}/resend`).expect(200);
    expect(res.body).toMatchObject({ message: 'Resent message successfully!', data: { status: 'pending', webhookId: id } });
    await runDueDeliveries({ ctx: t.ctx });
    const after = await as(dev).get(`${base(dev.appId)}/${id}/requests`).expect(200);
    expect(after.body.data.total).toBe(2);
    const ids = receiver.received.slice(-2).map((r) => r.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    await as(dev).post(`${base(dev.appId)}/${id}/requests/nope/resend`).expect(404);
  });

  it('reveals and rotates the signing secret', async () => {
    const id = await addWebhook();
    const shown = await as(dev).get(`${base(dev.appId)}/${id}/secret`).expect(200);
    expect(shown.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(shown.body.data.previousSecret).toBeUndefined();
    const rotated = await as(dev).post(`${base(dev.appId)}/${id}/secret/rotate`).expect(200);
    expect(rotated.body.message).toBe('Secret rotated');
    expect(rotated.body.data.secret).not.toBe(shown.body.data.secret);
    expect(rotated.body.data.previousSecret).toBe(shown.body.data.secret);
    t.advance(24 * 60 * 60 * 1000 + 1);
    const later = await as(dev).get(`${base(dev.appId)}/${id}/secret`).expect(200);
    expect(later.body.data).toEqual({ secret: rotated.body.data.secret });
  });

  it('keeps the signing secret sealed at rest', async () => {
    const id = await addWebhook();
    const shown = await as(dev).get(`${base(dev.appId)}/${id}/secret`).expect(200);
    const stored = await t.ctx.store.collection('webhooks').findOne({ _id: id });
    expect(JSON.stringify(stored)).not.toContain(shown.body.data.secret.slice(6));
  });

  describe('access', () => {
    type Url = (appId: string, webhookId: string, requestId: string) => string;
    const operations: { method: 'get' | 'post' | 'put' | 'delete'; op: string; url: Url; body?: object }[] = [
      { method: 'get', op: 'listWebhooks', url: (a) => base(a) },
      { method: 'post', op: 'createWebhook', url: (a) => base(a), body: { url: 'https://example.com/hook' } },
      { method: 'get', op: 'getWebhook', url: (a, w) => `${base(a)}/${w}` },
      { method: 'put', op: 'updateWebhook', url: (a, w) => `${base(a)}/${w}`, body: { status: 'inactive' } },
      { method: 'delete', op: 'deleteWebhook', url: (a, w) => `${base(a)}/${w}` },
      { method: 'get', op: 'listWebhookRequests', url: (a, w) => `${base(a)}/${w}/requests` },
      { method: 'get', op: 'getWebhookRequestMessage', url: (a, _w, r) => `${base(a)}/requests/${r}/message` },
      { method: 'post', op: 'resendWebhookRequest', url: (a, w, r) => `${base(a)}/${w}/requests/${r}/resend` },
      { method: 'post', op: 'sendWebhookTestEvent', url: (a, w) => `${base(a)}/${w}/test` },
      { method: 'get', op: 'getWebhookSecret', url: (a, w) => `${base(a)}/${w}/secret` },
      { method: 'post', op: 'rotateWebhookSecret', url: (a, w) => `${base(a)}/${w}/secret/rotate` },
    ];

    const fixture = async (): Promise<{ webhookId: string; requestId: string }> => {
      const webhookId = await addWebhook();
      await as(dev).post(`${base(dev.appId)}/${webhookId}/test`).expect(200);
      await runDueDeliveries({ ctx: t.ctx });
      const list = await as(dev).get(`${base(dev.appId)}/${webhookId}/requests`).expect(200);
      return { webhookId, requestId: list.body.data.docs[0].id as string };
    };

    it.each(operations)('$method $op answers 404 App not found to another developer', async ({ method, url, body }) => {
      const { webhookId, requestId } = await fixture();
      const other = await developerWithApp({ ctx: t.ctx });
      const res = await request(t.app)[method](url(dev.appId, webhookId, requestId)).set('Cookie', other.cookie).send(body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'App not found' });
      // Nothing changed for the owner.
      const mine = await as(dev).get(`${base(dev.appId)}/${webhookId}`).expect(200);
      expect(mine.body.data.status).toBe('active');
      expect((await as(dev).get(base(dev.appId))).body.data).toHaveLength(1);
    });

    it.each(operations)("$method $op cannot reach another app's webhook through one's own app", async ({ method, op, url, body }) => {
      const { webhookId, requestId } = await fixture();
      const other = await developerWithApp({ ctx: t.ctx });
      const res = await request(t.app)[method](url(other.appId, webhookId, requestId)).set('Cookie', other.cookie).send(body);
      if (op === 'listWebhooks') expect(res.body.data).toEqual([]);
      else if (op === 'createWebhook') expect(res.status).toBe(201);
      else expect(res.status).toBe(404);
      expect((await as(dev).get(`${base(dev.appId)}/${webhookId}`)).body.data.status).toBe('active');
    });

    it.each(operations)('$method $op answers 401 without a session', async ({ method, url, body }) => {
      const res = await request(t.app)[method](url(dev.appId, 'w', 'r')).send(body);
      expect(res.status).toBe(401);
    });
  });
});
