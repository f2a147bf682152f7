// Service hooks around the generic handlers, on the two areas that use them: the webhook
// endpoints' hooks (sealed secret and active status on create, the failure mark answered and
// cleared, the cascade after a delete) and the notes' (trimmed texts, a whole-record PUT). A
// declaration naming hooks the server does not list is refused at start-up.
import request from 'supertest';
import { resourceHandlers } from '../../server/resources/handlers';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { collections } from '../../server/services/webhooks/model';
import { appUsers } from '../../server/services/developer/model';
import { openApiDocument } from '../../server/http/openapi-document';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { developerWithApp } from '../developer/webhooks-fixtures';
import type { Developer } from '../developer/webhooks-fixtures';

let t: TestApp;
let dev: Developer;
const webhooksPath = () => `/integrations/developer/apps/${dev.appId}/webhooks`;

beforeAll(async () => {
  t = await createTestApp();
  dev = await developerWithApp({ ctx: t.ctx });
});
afterAll(() => t.close());

describe('the webhook endpoints\' hooks', () => {
  it('store a new endpoint active with a sealed secret that is never answered', async () => {
    const created = await request(t.app).post(webhooksPath()).set('Cookie', dev.cookie).send({ url: 'https://hooks.example.com/in' }).expect(201);
    expect(created.body).toMatchObject({ message: 'Webhook created successfully', data: { url: 'https://hooks.example.com/in', status: 'active', appId: dev.appId } });
    expect(created.body.data).not.toHaveProperty('secret');
    const stored = await collections(t.ctx.store).webhooks.findOne({ _id: created.body.data.id });
    expect(stored?.secret).toEqual(expect.any(String));
  });

  it('answer the failure mark as failingSince and clear it when the endpoint is switched back on', async () => {
    const { id } = (await request(t.app).post(webhooksPath()).set('Cookie', dev.cookie).send({ url: 'https://hooks.example.com/mark' }).expect(201)).body.data as { id: string };
    await collections(t.ctx.store).webhooks.updateOne({ _id: id }, { $set: { firstFailureAt: '2026-01-01T00:00:00.000Z', status: 'inactive' } });
    expect((await request(t.app).get(`${webhooksPath()}/${id}`).set('Cookie', dev.cookie).expect(200)).body.data.failingSince).toBe('2026-01-01T00:00:00.000Z');
    const back = await request(t.app).put(`${webhooksPath()}/${id}`).set('Cookie', dev.cookie).send({ status: 'active' }).expect(200);
    expect(back.body.data).not.toHaveProperty('failingSince');
    expect((await collections(t.ctx.store).webhooks.findOne({ _id: id }))?.firstFailureAt).toBeUndefined();
  });

  it('refuse a private address on update as on create, in the spec\'s words', async () => {
    const { id } = (await request(t.app).post(webhooksPath()).set('Cookie', dev.cookie).send({ url: 'https://hooks.example.com/guard' }).expect(201)).body.data as { id: string };
    const res = await request(t.app).put(`${webhooksPath()}/${id}`).set('Cookie', dev.cookie).send({ url: 'https://127.0.0.1/in' }).expect(400);
    expect(res.body.message).toBe('Invalid URL, the address must be public');
  });

  it('take the queued deliveries of a deleted endpoint with it', async () => {
    const { id } = (await request(t.app).post(webhooksPath()).set('Cookie', dev.cookie).send({ url: 'https://hooks.example.com/gone' }).expect(201)).body.data as { id: string };
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: 'hooks-test', payload: {} });
    expect(await collections(t.ctx.store).deliveries.count({ webhookId: id })).toBe(1);
    await request(t.app).delete(`${webhooksPath()}/${id}`).set('Cookie', dev.cookie).expect(200);
    expect(await collections(t.ctx.store).deliveries.count({ webhookId: id })).toBe(0);
  });
});

describe('the notes\' hooks', () => {
  it('store trimmed texts, and a PUT makes the body the whole note', async () => {
    await appUsers(t.ctx).insertOne({ _id: 'hooked-user', appId: dev.appId, accountName: 'A', accountEmail: 'a@shop.example', platform: 'nindo', platformUserId: 'a', status: 'installed', created: '2026-01-01T00:00:00.000Z' });
    const notes = `/integrations/developer/apps/${dev.appId}/users/hooked-user/notes`;
    const created = await request(t.app).post(notes).set('Cookie', dev.cookie).send({ title: ' Call ', description: '  ' }).expect(201);
    expect(created.body.data).toEqual({ id: expect.any(String), title: 'Call' });
    await request(t.app).put(`${notes}/${created.body.data.id}`).set('Cookie', dev.cookie).send({ title: 'Called', description: 'Yearly' }).expect(200);
    await request(t.app).put(`${notes}/${created.body.data.id}`).set('Cookie', dev.cookie).send({ title: 'Called again' }).expect(200);
    expect((await appUsers(t.ctx).findOne({ _id: 'hooked-user' }))?.notes).toEqual([{ id: created.body.data.id, title: 'Called again' }]);
  });
});

describe('the hook registry', () => {
  it('refuses to serve a declaration naming hooks it does not list', () => {
    const document: { components: { schemas: Record<string, { 'x-resource'?: { hooks?: string } }> } } = JSON.parse(JSON.stringify(openApiDocument()));
    const declaration = document.components.schemas.Webhook['x-resource'];
    if (declaration) declaration.hooks = 'no-such-hooks';
    expect(() => resourceHandlers(document)).toThrow('x-resource of Webhook: no hooks named no-such-hooks in server/resources/hooks/index.ts');
  });
});
