import type {
  GetWebhookRequestMessageData,
  GetWebhookRequestMessageResponse,
  ListWebhookRequestsData,
  ListWebhookRequestsResponse,
  ResendWebhookRequestData,
  ResendWebhookRequestResponse,
  SendWebhookTestEventData,
  SendWebhookTestEventResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as messages from '../../services/webhooks/messages';

export const listWebhookRequests = handler<ListWebhookRequestsData, ListWebhookRequestsResponse>(async ({ path, query, ctx, req }) => ({
  data: await messages.listRequests({
    ctx,
    userId: requireUserId(req),
    ...path,
    page: query?.page ?? 1,
    limit: query?.limit ?? 10,
    status: query?.status,
  }),
}));

export const getWebhookRequestMessage = handler<GetWebhookRequestMessageData, GetWebhookRequestMessageResponse>(async ({ path, ctx, req }) => ({
  data: await messages.getMessage({ ctx, userId: requireUserId(req), ...path }),
}));

export const resendWebhookRequest = handler<ResendWebhookRequestData, ResendWebhookRequestResponse>(async ({ path, ctx, req }) => ({
  data: await messages.resendRequest({ ctx, userId: requireUserId(req), ...path }),
  message: 'Resent message successfully!',
}));

export const sendWebhookTestEvent = handler<SendWebhookTestEventData, SendWebhookTestEventResponse>(async ({ path, ctx, req }) => ({
  data: await messages.sendTestEvent({ ctx, userId: requireUserId(req), ...path }),
  message: 'Test event sent',
}));
