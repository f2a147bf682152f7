// Webhook events of a declared resource's writes: the fixture's ReleaseNote (app scope,
// `events: true`) announces each create, update and delete to the app's webhook, a real HTTPS
// receiver, signed and delivered by the worker like every event.
import request from 'supertest';
import { createApp } from '../../server/app';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { runDueDeliveries } from '../../server/services/webhooks/worker';
import { WEBHOOK_DELIVERIES } from '../../server/services/webhooks/model';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { developerWithApp, startReceiver } from '../developer/webhooks-fixtures';
import type { Developer, Receiver } from '../developer/webhooks-fixtures';

const { path: documentPath, document } = documentWithDeclaredResources();
let t: TestApp;
let receiver: Receiver;
let dev: Developer;
const base = () => `/integrations/developer/apps/${dev.appId}`;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ webhooksAllowPrivate: true });
  await ensureIndexes(t.ctx.store, productIndexes(document));
  t = { ...t, app: createApp(t.ctx, { documentPath }) };
  dev = await developerWithApp({ ctx: t.ctx });
  await request(t.app).post(`${base()}/webhooks`).set('Cookie', dev.cookie).send({ url: receiver.url }).expect(201);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** The events the receiver got since `from`, after the worker ran. */
async function delivered(from: number): Promise<{ type: string; data: Record<string, unknown> }[]> {
  await runDueDeliveries({ ctx: t.ctx });
  return receiver.received.slice(from).map((got) => JSON.parse(got.body) as { type: string; data: Record<string, unknown> });
}

describe('a declared resource with events', () => {
  it('adds its three event types to WebhookEventType', () => {
    const eventType = (document.components as { schemas: Record<string, { enum: string[] }> }).schemas.WebhookEventType;
    expect(eventType.enum).toEqual(expect.arrayContaining(['release_note.created', 'release_note.updated', 'release_note.deleted']));
  });

  it('announces a create, an update and a delete, each once, with the record as answered', async () => {
    // Delivered after each write: the worker does not promise an order between queued events.
    const from = receiver.received.length;
    const created = await request(t.app).post(`${base()}/release-notes`).set('Cookie', dev.cookie).send({ version: '1.0.0', notes: 'First' }).expect(201);
    const { id } = created.body.data as { id: string };
    const afterCreate = await delivered(from);
    await request(t.app).patch(`${base()}/release-notes/${id}`).set('Cookie', dev.cookie).send({ notes: 'First, fixed' }).expect(200);
    const afterUpdate = await delivered(from);
    await request(t.app).delete(`${base()}/release-notes/${id}`).set('Cookie', dev.cookie).expect(200);
    const events = await delivered(from);
    expect([afterCreate.length, afterUpdate.length]).toEqual([1, 2]);
    expect(events.map((event) => event.type)).toEqual(['release_note.created', 'release_note.updated', 'release_note.deleted']);
    expect(events[0].data).toEqual({ id, version: '1.0.0', notes: 'First' });
    expect(events[1].data).toEqual({ id, version: '1.0.0', notes: 'First, fixed' });
    expect(events[2].data).toEqual({ id });
  });

  it('announces nothing for a write that fails', async () => {
    const from = receiver.received.length;
    await request(t.app).patch(`${base()}/release-notes/no-such-note`).set('Cookie', dev.cookie).send({ notes: 'x' }).expect(404);
    await request(t.app).delete(`${base()}/release-notes/no-such-note`).set('Cookie', dev.cookie).expect(404);
    expect(await delivered(from)).toEqual([]);
    expect(await t.ctx.store.collection(WEBHOOK_DELIVERIES).count({ appId: dev.appId, type: { $in: ['release_note.updated', 'release_note.deleted'] }, status: 'pending' })).toBe(0);
  });
});
