// Payment providers' notifications (openapi/billing-payments.yaml, x-streamed-body: the raw bytes
// the signature covers reach the adapter untouched).
import type { ReceiveBillingWebhookData, ReceiveBillingWebhookResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { receiveWebhook } from '../../services/billing/webhooks/receive';

export const receiveBillingWebhook = handler<ReceiveBillingWebhookData, ReceiveBillingWebhookResponse>(async ({ ctx, req, path }) => {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
  const { event, applied } = await receiveWebhook({ ctx, adapter: path.provider, body: req, headers });
  return { data: { eventId: event.id, type: event.type, applied }, message: applied ? 'Webhook applied' : 'Webhook acknowledged' };
});
