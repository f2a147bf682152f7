// One attempt of one claimed delivery: sign with every active secret and POST. The outcome
// (the message request, and whether it succeeded) is written afterwards by record-outcomes,
// in batches, so that the store sees a few writes per batch rather than per attempt.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { collections } from './model';
import type { DeliveryDoc, WebhookDoc, WebhookRequestDoc } from './model';
import { postSigned } from './http-post';
import type { PostResult } from './http-post';
import { cancelDelivery } from './queue';
import { signingSecrets } from './secrets';
import { signatureHeaders } from './sign';

export interface Outcome {
  delivery: DeliveryDoc;
  webhook: WebhookDoc;
  request: WebhookRequestDoc;
}

const isSuccess = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

/** Signs and POSTs; an attempt that throws before any answer (a secret that cannot be opened) is a failed attempt too. */
async function send({ ctx, delivery, webhook, body }: { ctx: AppContext; delivery: DeliveryDoc; webhook: WebhookDoc; body: string }): Promise<WebhookRequestDoc> {
  const started = Date.now();
  let headers: Record<string, string> = { 'user-agent': `${ctx.config.brand}-Webhooks/1.0` };
  let result: PostResult;
  try {
    headers = { ...signatureHeaders({ id: delivery.eventId, timestamp: ctx.now(), body, secrets: signingSecrets({ ctx, webhook }) }), ...headers };
    result = await postSigned({ url: webhook.url, headers, body, allowPrivate: ctx.config.webhooksAllowPrivate });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    result = { statusCode: null, status: `Not sent: ${reason}`, body: '', durationMs: Date.now() - started };
  }
  return {
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
}

/** Makes the attempt; null when there was nothing to send (webhook gone or switched off). */
export async function attemptDelivery({ ctx, delivery }: { ctx: AppContext; delivery: DeliveryDoc }): Promise<Outcome | null> {
  const { webhooks, events } = collections(ctx.store);
  const [webhook, event] = await Promise.all([webhooks.findOne({ _id: delivery.webhookId }), events.findOne({ _id: delivery.eventId })]);
  if (!webhook || !event || (webhook.status !== 'active' && !delivery.manual)) {
    await cancelDelivery({ ctx, delivery });
    return null;
  }
  return { delivery, webhook, request: await send({ ctx, delivery, webhook, body: event.body }) };
}
