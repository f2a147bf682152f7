import type {
  CreateWebhookData,
  CreateWebhookResponse,
  DeleteWebhookData,
  DeleteWebhookResponse,
  GetWebhookData,
  GetWebhookResponse,
  ListWebhooksData,
  ListWebhooksResponse,
  UpdateWebhookData,
  UpdateWebhookResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as webhooks from '../../services/webhooks/webhooks';

export const listWebhooks = handler<ListWebhooksData, ListWebhooksResponse>(async ({ path, ctx, req }) => ({
  data: await webhooks.listWebhooks({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const createWebhook = handler<CreateWebhookData, CreateWebhookResponse>(async ({ path, body, ctx, req }) => ({
  data: await webhooks.createWebhook({ ctx, userId: requireUserId(req), appId: path.appId, url: body.url }),
  message: 'Webhook created successfully',
  status: 201,
}));

export const getWebhook = handler<GetWebhookData, GetWebhookResponse>(async ({ path, ctx, req }) => ({
  data: await webhooks.findOwnedWebhook({ ctx, userId: requireUserId(req), ...path }).then(webhooks.toWebhook),
}));

export const updateWebhook = handler<UpdateWebhookData, UpdateWebhookResponse>(async ({ path, body, ctx, req }) => ({
  data: await webhooks.updateWebhook({ ctx, userId: requireUserId(req), ...path, input: body }),
  message: 'Webhook updated successfully',
}));

export const deleteWebhook = handler<DeleteWebhookData, DeleteWebhookResponse>(async ({ path, ctx, req }) => {
  await webhooks.deleteWebhook({ ctx, userId: requireUserId(req), ...path });
  return { data: null, message: 'Webhook deleted successfully' };
});
