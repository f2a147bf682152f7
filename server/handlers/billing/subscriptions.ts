import type { Request } from 'express';
import type {
  CancelCardSubscriptionData,
  CancelCardSubscriptionResponse,
  CancelPaypalSubscriptionData,
  CancelPaypalSubscriptionResponse,
  CancelSubscriptionByTypeData,
  CancelSubscriptionByTypeResponse,
  ChangePlanData,
  ChangePlanResponse,
  ChangeVendorPlanData,
  ChangeVendorPlanResponse,
  ConfirmSubscriptionData,
  ConfirmSubscriptionResponse,
  CreateSubscriptionData,
  CreateSubscriptionResponse,
  CreateVendorSubscriptionData,
  CreateVendorSubscriptionResponse,
  GetUserSubscriptionsData,
  GetUserSubscriptionsResponse,
  RenewSubscriptionData,
  RenewSubscriptionResponse,
  UpdateSubscriptionData,
  UpdateSubscriptionResponse,
} from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { handler, requireUserId } from '../../http/handler';
import type { Reply } from '../../http/handler';
import { BILLING_MESSAGES } from '../../../rules/billing-messages';
import { cancelSubscription } from '../../services/billing/subscriptions/cancel';
import { changeSubscriptionPlan } from '../../services/billing/subscriptions/change';
import { confirmSubscription as confirm } from '../../services/billing/subscriptions/confirm';
import { createSubscription as create } from '../../services/billing/subscriptions/create';
import type { CreateSubscriptionInput } from '../../services/billing/subscriptions/create';
import { renewSubscription as renew } from '../../services/billing/subscriptions/renew';
import { ownSubscription, SUBSCRIPTION_NOT_FOUND, toBillingSubscription, userSubscriptions } from '../../services/billing/subscriptions/view';

const headerKey = (req: Request): string | undefined => req.header('Idempotency-Key') || undefined;

async function created(input: CreateSubscriptionInput): Promise<Reply<CreateSubscriptionResponse['data']>> {
  const { status, result } = await create(input);
  return { data: result, status, message: status === 200 ? BILLING_MESSAGES.created : 'Please complete the 3-D Secure step.' };
}

export const createSubscription = handler<CreateSubscriptionData, CreateSubscriptionResponse>(({ ctx, req, path, query, body }) =>
  created({ ctx, userId: requireUserId(req), source: path.source, serviceName: query?.serviceName, body, idempotencyKey: headerKey(req) }),
);

export const createVendorSubscription = handler<CreateVendorSubscriptionData, CreateVendorSubscriptionResponse>(({ ctx, req, path, query, body }) =>
  created({ ctx, userId: requireUserId(req), source: path.source, vendor: path.vendor, serviceName: query?.serviceName, body, idempotencyKey: headerKey(req) }),
);

export const confirmSubscription = handler<ConfirmSubscriptionData, ConfirmSubscriptionResponse>(async ({ ctx, req, path }) => {
  const subscription = await ownSubscription({ ctx, userId: requireUserId(req), subscriptionId: path.subscriptionId });
  const active = await confirm({ ctx, subscription });
  return { data: { subscription: await toBillingSubscription({ ctx, subscription: active }) }, message: BILLING_MESSAGES.created };
});

interface PlanChange {
  ctx: AppContext;
  req: Request;
  subscriptionId: string;
  newPlanId: string;
  newVariantId: string;
  idempotencyKey?: string;
  /** The source or plan family the path names; another one answers 404. */
  expect: { source?: string; family?: string };
}

async function changed({ ctx, req, subscriptionId, newPlanId, newVariantId, idempotencyKey, expect }: PlanChange): Promise<Reply<ChangePlanResponse['data']>> {
  const subscription = await ownSubscription({ ctx, userId: requireUserId(req), subscriptionId });
  if ((expect.source && subscription.source !== expect.source) || (expect.family && subscription.family !== expect.family)) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
  const result = await changeSubscriptionPlan({ ctx, subscription, newPlanId, newVariantId, idempotencyKey: headerKey(req) ?? idempotencyKey });
  return { data: await toBillingSubscription({ ctx, subscription: result }), message: BILLING_MESSAGES.updated };
}

export const changePlan = handler<ChangePlanData, ChangePlanResponse>(({ ctx, req, path, body }) =>
  changed({ ctx, req, subscriptionId: path.subscriptionId, newPlanId: body.newPlanId, newVariantId: body.newSubscriptionTypeId, idempotencyKey: body.idempotencyKey, expect: { source: path.source } }),
);

export const changeVendorPlan = handler<ChangeVendorPlanData, ChangeVendorPlanResponse>(({ ctx, req, path, body }) =>
  changed({ ctx, req, subscriptionId: path.subscriptionId, newPlanId: body.newPlanId, newVariantId: body.newSubscriptionTypeId, idempotencyKey: body.idempotencyKey, expect: { source: path.source } }),
);

export const updateSubscription = handler<UpdateSubscriptionData, UpdateSubscriptionResponse>(({ ctx, req, path, body }) =>
  changed({ ctx, req, subscriptionId: body.subscriptionId, newPlanId: body.planId, newVariantId: body.pricingVariantId, idempotencyKey: body.idempotencyKey, expect: { family: path.componentType } }),
);

export const renewSubscription = handler<RenewSubscriptionData, RenewSubscriptionResponse>(async ({ ctx, req, path, body }) => {
  const subscription = await ownSubscription({ ctx, userId: requireUserId(req), subscriptionId: path.subscriptionId });
  const renewed = await renew({ ctx, subscription, token: body?.token, idempotencyKey: headerKey(req) ?? body?.idempotencyKey });
  return { data: await toBillingSubscription({ ctx, subscription: renewed }), message: BILLING_MESSAGES.updated };
});

async function cancelled(input: Parameters<typeof cancelSubscription>[0]): Promise<Reply<CancelCardSubscriptionResponse['data']>> {
  const subscription = await cancelSubscription(input);
  return { data: await toBillingSubscription({ ctx: input.ctx, subscription }), message: BILLING_MESSAGES.cancelled };
}

export const cancelSubscriptionByType = handler<CancelSubscriptionByTypeData, CancelSubscriptionByTypeResponse>(({ ctx, req, path, body }) =>
  cancelled({ ctx, userId: requireUserId(req), subscriptionId: body.subscriptionId, family: path.type }),
);

export const cancelPaypalSubscription = handler<CancelPaypalSubscriptionData, CancelPaypalSubscriptionResponse>(({ ctx, req, path }) =>
  cancelled({ ctx, userId: requireUserId(req), subscriptionId: path.subscriptionId, source: 'paypal' }),
);

export const cancelCardSubscription = handler<CancelCardSubscriptionData, CancelCardSubscriptionResponse>(({ ctx, req, path }) =>
  cancelled({ ctx, userId: requireUserId(req), subscriptionId: path.subscriptionId, source: 'bluesnap' }),
);

export const getUserSubscriptions = handler<GetUserSubscriptionsData, GetUserSubscriptionsResponse>(async ({ ctx, req }) => ({
  data: await userSubscriptions({ ctx, userId: requireUserId(req) }),
}));
