// Demo webhooks of the published demo app: an active endpoint with a week of delivered messages
// (one failed attempt retried with success) and a switched-off one, so the Webhooks page and its
// messages page show real rows. Nothing is queued: the worker has nothing to send to example.com.
import type { AppContext } from '../context';
import type { WebhookEventType } from '../../generated/client/types.gen';
import { apps } from '../services/developer/model';
import { collections } from '../services/webhooks/model';
import type { WebhookEventDoc, WebhookRequestDoc } from '../services/webhooks/model';
import { buildEvent } from '../services/webhooks/emit-event';
import { sealNewSecret, signingSecrets } from '../services/webhooks/secrets';
import { signatureHeaders } from '../services/webhooks/sign';

const APP_ID = 'demo-review-booster';
const ACTIVE = { _id: 'demo-webhook-events', url: 'https://hooks.example.com/review-booster/events' };
const OFF = { _id: 'demo-webhook-legacy', url: 'https://legacy.example.com/nindo/hooks' };
const HOUR_MS = 60 * 60 * 1000;

/** What happened, hours ago, and the answers of its attempts (a 500 then a 200 is a retried delivery). */
const HISTORY: ReadonlyArray<{ type: WebhookEventType; hoursAgo: number; data: Record<string, unknown>; answers: number[] }> = [
  { type: 'app.installed', hoursAgo: 150, data: { storeId: 'demo-store-17', plan: 'free' }, answers: [200] },
  { type: 'subscription.created', hoursAgo: 126, data: { storeId: 'demo-store-17', planId: 'pro', period: 'month' }, answers: [200] },
  { type: 'charge.succeeded', hoursAgo: 125, data: { storeId: 'demo-store-17', amount: 19, currency: 'USD' }, answers: [500, 200] },
  { type: 'app_user.updated', hoursAgo: 60, data: { storeId: 'demo-store-17', accountName: 'Corner Bakery' }, answers: [200] },
  { type: 'subscription.changed', hoursAgo: 30, data: { storeId: 'demo-store-4', planId: 'business', period: 'year' }, answers: [200] },
  { type: 'app.uninstalled', hoursAgo: 4, data: { storeId: 'demo-store-9' }, answers: [410] },
];

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 410: 'Gone', 500: 'Internal Server Error' };

export async function seedWebhooks(ctx: AppContext): Promise<string[]> {
  const { webhooks, events, requests } = collections(ctx.store);
  if (!(await apps(ctx).findOne({ _id: APP_ID })) || (await webhooks.count({ appId: APP_ID })) > 0) return [];
  const now = ctx.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS).toISOString();
  const active = { ...ACTIVE, appId: APP_ID, status: 'active' as const, secret: sealNewSecret(ctx), created: at(24 * 30), updated: at(24 * 30) };
  await webhooks.insertMany([active, { ...OFF, appId: APP_ID, status: 'inactive', secret: sealNewSecret(ctx), created: at(24 * 90), updated: at(24 * 20) }]);
  const sent: WebhookEventDoc[] = [];
  const answered: WebhookRequestDoc[] = [];
  for (const { type, hoursAgo, data, answers } of HISTORY) {
    const created = at(hoursAgo);
    // The event as the emitter builds it, at the time it happened.
    const event = { ...buildEvent({ ctx: { ...ctx, now: () => new Date(created) }, appId: APP_ID, type, cause: `demo:${created}`, payload: data }), queued: true };
    sent.push(event);
    answers.forEach((statusCode, attempt) => {
      const tried = new Date(Date.parse(created) + attempt * 60_000);
      const headers = { ...signatureHeaders({ id: event._id, timestamp: tried, body: event.body, secrets: signingSecrets({ ctx, webhook: active }) }), 'user-agent': `${ctx.config.brand}-Webhooks/1.0` };
      answered.push({
        _id: `${event._id}.${attempt + 1}`,
        appId: APP_ID,
        webhookId: active._id,
        eventId: event._id,
        deliveryId: `${event._id}.${active._id}`,
        type,
        status: statusCode < 300 ? 'succeeded' : 'failed',
        created: tried.toISOString(),
        attempt: attempt + 1,
        durationMs: 80 + attempt * 40,
        request: { url: active.url, headers, body: event.body },
        response: { statusCode, status: STATUS_TEXT[statusCode] ?? '', body: statusCode < 300 ? '{"received":true}' : '' },
      });
    });
  }
  await events.insertMany(sent);
  await requests.insertMany(answered);
  return [`Webhooks: Review Booster sends to ${ACTIVE.url} (${answered.length} messages) and has one switched off`];
}
