import type {
  CancelAppUserSubscriptionData,
  CancelAppUserSubscriptionResponse,
  ChangeAppUserSubscriptionData,
  ChangeAppUserSubscriptionResponse,
  ListAppUserChargesData,
  ListAppUserChargesResponse,
  ListAppUserSubscriptionsData,
  ListAppUserSubscriptionsResponse,
  RefundAppUserChargeData,
  RefundAppUserChargeResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { CANCEL_QUEUED, CHANGE_QUEUED, cancelSubscription, changeSubscription, listSubscriptions } from '../../services/app-users/subscriptions';
import { REFUND_QUEUED, listCharges, refundCharge } from '../../services/app-users/charges';

const PAGE_SIZE = 5;

export const listAppUserSubscriptions = handler<ListAppUserSubscriptionsData, ListAppUserSubscriptionsResponse>(async ({ ctx, req, path, query }) => ({
  data: await listSubscriptions({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, page: query?.page ?? 1, limit: query?.limit ?? PAGE_SIZE, query: query?.query, sort: query?.sort }),
}));

export const changeAppUserSubscription = handler<ChangeAppUserSubscriptionData, ChangeAppUserSubscriptionResponse>(async ({ ctx, req, path, body }) => ({
  data: await changeSubscription({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, subId: path.subId, input: body }),
  message: CHANGE_QUEUED,
}));

export const cancelAppUserSubscription = handler<CancelAppUserSubscriptionData, CancelAppUserSubscriptionResponse>(async ({ ctx, req, path, body }) => ({
  data: await cancelSubscription({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, subId: path.subId, input: body }),
  message: CANCEL_QUEUED,
}));

export const listAppUserCharges = handler<ListAppUserChargesData, ListAppUserChargesResponse>(async ({ ctx, req, path, query }) => ({
  data: await listCharges({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, page: query?.page ?? 1, limit: query?.limit ?? PAGE_SIZE, query: query?.query, sort: query?.sort }),
}));

export const refundAppUserCharge = handler<RefundAppUserChargeData, RefundAppUserChargeResponse>(async ({ ctx, req, path, body }) => ({
  data: await refundCharge({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, chargeId: path.chargeId, input: body }),
  message: REFUND_QUEUED,
}));
