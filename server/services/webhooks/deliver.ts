// One attempt of one claimed delivery: sign with every active secret, POST, record the
// attempt as a message request, then schedule the retry or close the delivery.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { collections } from './model';
import type { DeliveryDoc, WebhookDoc, WebhookRequestDoc } from './model';
import { postSigned } from './http-post';
import { cancelDelivery, finishAttempt } from './queue';
import { signingSecrets } from './secrets';
import { signatureHeaders } from './sign';
import { recordEndpointHealth } from './endpoint-health';

const isSuccess = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

async function send({ ctx, delivery, webhook, body }: { ctx: AppContext; delivery: DeliveryDoc; webhook: WebhookDoc; body: string }) {
  const headers = {
    ...signatureHeaders({ id: delivery.eventId, timestamp: ctx.now(), body, secrets: signingSecrets({ ctx, webhook }) }),
    'user-agent': `${ctx.config.brand}-Webhooks/1.0`,
  };
  const result = await postSigned({ url: webhook.url, headers, body, allowPrivate: ctx.config.webhooksAllowPrivate });
  const request: WebhookRequestDoc = {
    _id: randomUUID(),
    appId: delivery.appId,
    webhookId: delivery.webhookId,
    eventId: delivery.eventId,
    deliveryId: delivery._id,
    type: delivery.type,
    status: isSuccess(result.statusCode) ? 'succeeded' : 'failed',
    created: ctx.now().toISOString(),
    attempt: delivery.attempts,
    durationMs: result.durationMs,
    request: { url: webhook.url, headers, body },
    response: { statusCode: result.statusCode, status: result.status, body: result.body },
  };
  await collections(ctx.store).requests.insertOne(request);
  return request;
}

export async function attemptDelivery({ ctx, delivery }: { ctx: AppContext; delivery: DeliveryDoc }): Promise<void> {
  const { webhooks, events, deliveries } = collections(ctx.store);
  const [webhook, event] = await Promise.all([webhooks.findOne({ _id: delivery.webhookId }), events.findOne({ _id: delivery.eventId })]);
  if (!webhook || !event) {
    await deliveries.deleteOne({ _id: delivery._id });
    return;
  }
  if (webhook.status !== 'active' && !delivery.manual) {
    await cancelDelivery({ ctx, delivery });
    return;
  }
  const request = await send({ ctx, delivery, webhook, body: event.body });
  const ok = request.status === 'succeeded';
  await finishAttempt({ ctx, delivery, ok });
  await recordEndpointHealth({ ctx, webhook, ok });
}
