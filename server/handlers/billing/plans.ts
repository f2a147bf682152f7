import type {
  GetPaymentPlansData,
  GetPaymentPlansResponse,
  GetServiceSubscriptionsData,
  GetServiceSubscriptionsResponse,
  GetVendorServiceSubscriptionsData,
  GetVendorServiceSubscriptionsResponse,
  RecordFunnelEventData,
  RecordFunnelEventResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { recordFunnelEvent as record } from '../../services/billing/plans/funnel-events';
import { paymentPlans } from '../../services/billing/plans/list';
import { serviceSubscriptions } from '../../services/billing/plans/service-subscriptions';

export const getPaymentPlans = handler<GetPaymentPlansData, GetPaymentPlansResponse>(async ({ ctx, req, path, query }) => ({
  data: await paymentPlans({ ctx, type: path.type, vendor: query?.vendor, platform: query?.platform, userId: req.session?.userId }),
}));

export const getServiceSubscriptions = handler<GetServiceSubscriptionsData, GetServiceSubscriptionsResponse>(async ({ ctx, req, path }) => ({
  data: { docs: await serviceSubscriptions({ ctx, userId: requireUserId(req), serviceName: path.serviceName }) },
}));

export const getVendorServiceSubscriptions = handler<GetVendorServiceSubscriptionsData, GetVendorServiceSubscriptionsResponse>(
  async ({ ctx, req, path }) => ({
    data: { docs: await serviceSubscriptions({ ctx, userId: requireUserId(req), serviceName: path.serviceName, vendor: path.vendor }) },
  }),
);

export const recordFunnelEvent = handler<RecordFunnelEventData, RecordFunnelEventResponse>(async ({ ctx, req, query, body }) => {
  await record({ ctx, type: query.type, userId: req.session?.userId, details: body });
  return { data: null, status: 201 };
});
