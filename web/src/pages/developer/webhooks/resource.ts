// The webhooks list as a resource description (spec 000 section 2): columns and the Add form
// come from the Webhook and WebhookCreateInput schemas and their `x-ui` hints.
import { createWebhook, deleteWebhook, listWebhooks } from '../../../../../generated/client/sdk.gen';
import { listWebhooksQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { WebhookCreateInput } from '../../../../../generated/client/types.gen';
import { defineResource } from '../../../../../forms/resource/description';
import { webhookUrlError } from '../lib/webhook-status';
import { TEXTS } from '../texts';
import { WebhookSchema } from '../../../../../generated/schemas/Webhook';
import { WebhookCreateInputSchema } from '../../../../../generated/schemas/WebhookCreateInput';

/** The https rule as the user types (spec 000: once more than 8 characters are typed). */
const urlErrors = (draft: Partial<WebhookCreateInput>): Record<string, string> => {
  const error = webhookUrlError(draft.url ?? '');
  return error ? { url: error } : {};
};

export const webhooks = defineResource({
  schema: WebhookSchema,
  idParam: 'webhookId',
  list: { operationId: 'listWebhooks', call: listWebhooks, queryKey: listWebhooksQueryKey, clientSide: true },
  create: { operationId: 'createWebhook', call: createWebhook, body: WebhookCreateInputSchema },
  delete: { operationId: 'deleteWebhook', call: deleteWebhook },
  // Edit opens the webhook's messages page (its secret and deliveries); the switch changes its status.
  rowActions: [{ id: 'open', label: 'Edit' }, { id: 'delete', label: 'Delete', danger: true }],
  rowName: (hook) => hook.url,
  form: {
    intro: () => 'We will POST signed events to this URL.',
    liveErrors: urlErrors,
    toBody: (values: WebhookCreateInput) => ({ ...values, url: values.url.trim() }),
  },
  texts: {
    title: 'Webhooks',
    createButton: '+ Add webhook',
    createTitle: 'Add webhook',
    createSubmit: 'Add',
    deleteTitle: 'Delete webhook',
    deleteText: 'Stop sending events to {url} and remove its message history?',
    empty: TEXTS.noWebhooks,
    failure: TEXTS.fallback,
    loadFailed: TEXTS.fallback,
  },
});
