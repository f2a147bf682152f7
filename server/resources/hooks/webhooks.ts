// Webhook endpoints: the URL guard on every URL written, a new endpoint active with a sealed
// signing secret, reactivation starting the 5-day failure window afresh, and a deleted endpoint
// taking its queued deliveries and message history with it (spec: docs/webhooks.md).
import type { Webhook, WebhookCreateInput, WebhookUpdateInput } from '../../../generated/client/types.gen';
import { collections } from '../../services/webhooks/model';
import { sealNewSecret } from '../../services/webhooks/secrets';
import { checkWebhookUrl } from '../../services/webhooks/url-guard';
import { defineHooks } from './types';

export const webhookHooks = defineHooks<Webhook, WebhookCreateInput, WebhookUpdateInput>({
  beforeCreate: ({ ctx, body }) => ({ ...body, url: checkWebhookUrl({ ctx, url: body.url }), status: 'active', secret: sealNewSecret(ctx) }),
  beforeUpdate: ({ ctx, body }) => ({
    ...body,
    ...(body.url === undefined ? {} : { url: checkWebhookUrl({ ctx, url: body.url }) }),
    ...(body.status === 'active' ? { firstFailureAt: undefined } : {}),
  }),
  afterDelete: async ({ ctx, id }) => {
    const { deliveries, requests } = collections(ctx.store);
    await deliveries.deleteMany({ webhookId: id });
    await requests.deleteMany({ webhookId: id });
  },
  // The stored failure mark is answered as failingSince; the sealed secrets are not in the schema.
  answer: (record) => ({ ...record, failingSince: record.firstFailureAt || undefined }) as Webhook,
});
