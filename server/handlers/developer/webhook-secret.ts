import type {
  GetWebhookSecretData,
  GetWebhookSecretResponse,
  RotateWebhookSecretData,
  RotateWebhookSecretResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as webhooks from '../../services/webhooks/webhooks';

export const getWebhookSecret = handler<GetWebhookSecretData, GetWebhookSecretResponse>(async ({ path, ctx, req }) => ({
  data: await webhooks.getWebhookSecret({ ctx, userId: requireUserId(req), ...path }),
}));

export const rotateWebhookSecret = handler<RotateWebhookSecretData, RotateWebhookSecretResponse>(async ({ path, ctx, req }) => ({
  data: await webhooks.rotateWebhookSecret({ ctx, userId: requireUserId(req), ...path }),
  message: 'Secret rotated',
}));
