import type {
  CreateMiniBundleData,
  CreateMiniBundleResponse,
  GetCheckoutSessionData,
  GetCheckoutSessionResponse,
  GetCheckoutUrlData,
  GetCheckoutUrlResponse,
  GetMiniBundleData,
  GetMiniBundleResponse,
  UpdateMiniBundleData,
  UpdateMiniBundleResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { checkoutSession, startCheckout } from '../../services/billing/subscriptions/checkout';
import * as bundles from '../../services/billing/subscriptions/mini-bundles';

export const getCheckoutUrl = handler<GetCheckoutUrlData, GetCheckoutUrlResponse>(async ({ ctx, req, path, body }) => ({
  data: await startCheckout({ ctx, userId: requireUserId(req), componentType: path.componentType, pricingVariantId: body.pricingVariantId, platform: body.platform ?? 'paddle' }),
  status: 201,
}));

export const getCheckoutSession = handler<GetCheckoutSessionData, GetCheckoutSessionResponse>(async ({ ctx, req, path, query }) => ({
  data: await checkoutSession({ ctx, userId: requireUserId(req), sessionId: path.sessionId, variantId: query?.variantId }),
}));

export const createMiniBundle = handler<CreateMiniBundleData, CreateMiniBundleResponse>(async ({ ctx, req, body }) => ({
  data: await bundles.createMiniBundle({ ctx, userId: requireUserId(req), selectedApps: body.selectedApps, planId: body.planId }),
  status: 201,
}));

export const updateMiniBundle = handler<UpdateMiniBundleData, UpdateMiniBundleResponse>(async ({ ctx, req, path, body }) => ({
  data: await bundles.updateMiniBundle({ ctx, userId: requireUserId(req), id: path.id, selectedApps: body.selectedApps, planId: body.planId }),
}));

export const getMiniBundle = handler<GetMiniBundleData, GetMiniBundleResponse>(async ({ ctx, req }) => ({
  data: await bundles.getMiniBundle({ ctx, userId: requireUserId(req) }),
}));
