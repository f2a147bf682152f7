// The app users screens as resource descriptions (spec 001 sections 2, 8 and 9): the rest
// (headers, formats, forms) comes from the AppUser, AppUserSubscription and AppUserCharge schemas.
import {
  cancelAppUserSubscription,
  changeAppUserSubscription,
  deleteAppUser,
  getAppUser,
  listAppUserCharges,
  listAppUsers,
  listAppUserSubscriptions,
  refundAppUserCharge,
  updateAppUser,
} from '../../../../../generated/client/sdk.gen';
import { getAppUserQueryKey, listAppUserChargesQueryKey, listAppUsersQueryKey, listAppUserSubscriptionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import { defineResource } from '../../../../../forms/resource/description';

export const USER_TEXTS = {
  missingName: 'Missing user name',
  missingNoteTitle: 'Missing note title',
  updated: 'User details updated successfully',
  deleted: 'User deleted',
  asyncNotice: 'It might take a few minutes.',
  refundNotice: 'Refunds take a couple of days to reach the customer.',
  failure: 'Oops, something went wrong',
} as const;

export const appUsers = defineResource({
  schema: 'AppUser',
  idParam: 'userId',
  list: { operationId: 'listAppUsers', call: listAppUsers, queryKey: listAppUsersQueryKey },
  get: { operationId: 'getAppUser', call: getAppUser, queryKey: getAppUserQueryKey },
  update: { operationId: 'updateAppUser', call: updateAppUser, body: 'AppUserInput' },
  delete: { operationId: 'deleteAppUser', call: deleteAppUser },
  columns: ['accountName', 'accountEmail', 'platform', 'platformUserId', 'created'],
  sort: { field: 'created', direction: 'desc' },
  pageSize: 20,
  search: { field: 'accountEmail', choices: [{ field: 'accountName' }, { field: 'platformUserId' }, { field: 'id', exact: true }] },
  rowActions: [{ id: 'open', label: 'View' }],
  details: [{ title: 'Details', fields: ['accountName', 'accountEmail', 'platform', 'platformUserId', 'created'] }],
  texts: { title: 'Users', subtitle: { one: '{n} User found', other: '{n} Users found' }, updated: USER_TEXTS.updated, deleted: USER_TEXTS.deleted, editTitle: 'Edit user', deleteTitle: 'Delete user', failure: USER_TEXTS.failure },
});

export const subscriptions = defineResource({
  schema: 'AppUserSubscription',
  idParam: 'subId',
  list: { operationId: 'listAppUserSubscriptions', call: listAppUserSubscriptions, queryKey: listAppUserSubscriptionsQueryKey },
  update: { operationId: 'changeAppUserSubscription', call: changeAppUserSubscription, body: 'ChangeSubscriptionInput' },
  // status is free text in the schema (the provider's word): shown as a badge of the known ones.
  columns: ['planId', 'platform', { field: 'status', format: { kind: 'badge', options: ['active', 'trialing', 'past_due', 'canceled'] } }, { field: 'pendingAction', header: 'Pending' }, 'created'],
  sort: { field: 'created', direction: 'desc' },
  pageSize: 5,
  rowActions: [{ id: 'change', label: 'Change plan' }, { id: 'cancel', label: 'Cancel', danger: true }],
  texts: { title: 'Subscriptions', failure: USER_TEXTS.failure },
});

/** Cancel has no form: a confirm popup sends the subscription's platform. */
export const cancelSubscription = { operationId: 'cancelAppUserSubscription', call: cancelAppUserSubscription };

export const charges = defineResource({
  schema: 'AppUserCharge',
  idParam: 'chargeId',
  list: { operationId: 'listAppUserCharges', call: listAppUserCharges, queryKey: listAppUserChargesQueryKey },
  update: { operationId: 'refundAppUserCharge', call: refundAppUserCharge, body: 'RefundInput' },
  columns: ['amount', 'refundedAmount', { field: 'status', format: { kind: 'badge', options: ['succeeded', 'partially_refunded', 'refunded', 'failed'] } }, { field: 'pendingAction', header: 'Pending' }, 'platform', 'created'],
  sort: { field: 'created', direction: 'desc' },
  pageSize: 5,
  rowActions: [{ id: 'refund', label: 'Refund' }],
  texts: { title: 'Charges', failure: USER_TEXTS.failure },
});
