// The billing page's two tables as resource descriptions (spec 002 "Billing page"): every row at
// once (the lists answer plain arrays), the spec's empty texts; Change and Cancel on active or
// trial subscriptions, Renew on the others. The columns are BillingSubscription's and
// UserPaymentRow's properties with their document titles, order and formats (the plan's name,
// cycle and amount are nested values the subscription's x-ui.order names).
import { getUserPayments, getUserSubscriptions } from '../../../../../generated/client/sdk.gen';
import { getUserPaymentsQueryKey, getUserSubscriptionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { BillingSubscription } from '../../../../../generated/client/types.gen';
import { defineResource } from '../../../../../forms/resource/description';
import { BILLING_FALLBACKS } from '../../../../../rules/billing-messages';
import { BillingSubscriptionSchema } from '../../../../../generated/schemas/BillingSubscription';
import { UserPaymentRowSchema } from '../../../../../generated/schemas/UserPaymentRow';

export const BILLING_PAGE_TEXTS = {
  noSubscriptions: 'No active subscriptions.',
  noPayments: 'Cannot find payments history.',
  invoiceMissing: 'Not available.',
} as const;

export const subscriptions = defineResource({
  schema: BillingSubscriptionSchema,
  idField: 'subscriptionId',
  list: { operationId: 'getUserSubscriptions', call: getUserSubscriptions, queryKey: () => getUserSubscriptionsQueryKey(), clientSide: true },
  rowName: (row) => row.plan.name,
  rowActions: [
    { id: 'change', label: 'Change' },
    { id: 'cancel', label: 'Cancel', danger: true },
    { id: 'renew', label: 'Renew' },
  ],
  sort: { field: 'created', direction: 'desc' },
  pageSize: 10,
  texts: { title: 'Subscriptions', empty: BILLING_PAGE_TEXTS.noSubscriptions },
});

/** Spec 002: Change and Cancel for active or trial; Renew for any other status. */
export const isLive = (row: BillingSubscription): boolean => row.status === 'active' || row.status === 'trial';
export const subscriptionActionShown = (action: string, row: BillingSubscription): boolean => (action === 'renew' ? !isLive(row) : isLive(row));

export const payments = defineResource({
  schema: UserPaymentRowSchema,
  idField: 'transactionId',
  list: { operationId: 'getUserPayments', call: getUserPayments, queryKey: () => getUserPaymentsQueryKey(), clientSide: true },
  rowActions: [],
  sort: { field: 'created', direction: 'desc' },
  pageSize: 10,
  texts: { title: 'Payments History', empty: BILLING_PAGE_TEXTS.noPayments, loadFailed: BILLING_FALLBACKS.loadPayments },
});
