// The app users screens as resource descriptions (spec 001 sections 2, 8 and 9): the rest
// (columns, their order and formats, the record view, forms) comes from the AppUser,
// AppUserSubscription, AppUserCharge and AppUserNote schemas and their `x-ui` hints.
import {
  cancelAppUserSubscription,
  changeAppUserSubscription,
  createAppUserNote,
  deleteAppUser,
  deleteAppUserNote,
  getAppUser,
  listAppUserCharges,
  listAppUsers,
  listAppUserSubscriptions,
  refundAppUserCharge,
  updateAppUser,
  updateAppUserNote,
} from '../../../../../generated/client/sdk.gen';
import { getAppUserQueryKey, listAppUserChargesQueryKey, listAppUsersQueryKey, listAppUserSubscriptionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { NoteInput } from '../../../../../generated/client/types.gen';
import type { CustomValidator } from '@rjsf/utils';
import { defineResource } from '../../../../../forms/resource/description';
import { AppUserSchema } from '../../../../../generated/schemas/AppUser';
import { AppUserChargeSchema } from '../../../../../generated/schemas/AppUserCharge';
import { AppUserInputSchema } from '../../../../../generated/schemas/AppUserInput';
import { AppUserNoteSchema } from '../../../../../generated/schemas/AppUserNote';
import { AppUserSubscriptionSchema } from '../../../../../generated/schemas/AppUserSubscription';
import { ChangeSubscriptionInputSchema } from '../../../../../generated/schemas/ChangeSubscriptionInput';
import { NoteInputSchema } from '../../../../../generated/schemas/NoteInput';
import { RefundInputSchema } from '../../../../../generated/schemas/RefundInput';

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
  schema: AppUserSchema,
  idParam: 'userId',
  list: { operationId: 'listAppUsers', call: listAppUsers, queryKey: listAppUsersQueryKey },
  get: { operationId: 'getAppUser', call: getAppUser, queryKey: getAppUserQueryKey },
  update: { operationId: 'updateAppUser', call: updateAppUser, body: AppUserInputSchema },
  delete: { operationId: 'deleteAppUser', call: deleteAppUser },
  sort: { field: 'created', direction: 'desc' },
  pageSize: 20,
  rowActions: [{ id: 'open', label: 'View' }],
  texts: { title: 'Users', subtitle: { one: '{n} User found', other: '{n} Users found' }, updated: USER_TEXTS.updated, deleted: USER_TEXTS.deleted, editTitle: 'Edit user', deleteTitle: 'Delete user', failure: USER_TEXTS.failure },
});

export const subscriptions = defineResource({
  schema: AppUserSubscriptionSchema,
  idParam: 'subId',
  list: { operationId: 'listAppUserSubscriptions', call: listAppUserSubscriptions, queryKey: listAppUserSubscriptionsQueryKey },
  update: { operationId: 'changeAppUserSubscription', call: changeAppUserSubscription, body: ChangeSubscriptionInputSchema },
  sort: { field: 'created', direction: 'desc' },
  pageSize: 5,
  rowActions: [{ id: 'change', label: 'Change plan' }, { id: 'cancel', label: 'Cancel', danger: true }],
  texts: { title: 'Subscriptions', failure: USER_TEXTS.failure },
});

/** Cancel has no form: a confirm popup sends the subscription's platform. */
export const cancelSubscription = { operationId: 'cancelAppUserSubscription', call: cancelAppUserSubscription };

export const charges = defineResource({
  schema: AppUserChargeSchema,
  idParam: 'chargeId',
  list: { operationId: 'listAppUserCharges', call: listAppUserCharges, queryKey: listAppUserChargesQueryKey },
  update: { operationId: 'refundAppUserCharge', call: refundAppUserCharge, body: RefundInputSchema },
  sort: { field: 'created', direction: 'desc' },
  pageSize: 5,
  rowActions: [{ id: 'refund', label: 'Refund' }],
  texts: { title: 'Charges', failure: USER_TEXTS.failure },
});

/**
 * A user's notes live in the user's record (AppUserNote's `x-resource` embeds them in `notes`):
 * the list reads them from it, so a change to a note refreshes the user too.
 */
const listUserNotes = async (options: Parameters<typeof getAppUser>[0]) => {
  const result = await getAppUser(options);
  return { ...result, data: result.data ? { ...result.data, data: result.data.data.notes } : undefined };
};

/** A title of spaces is no title: 'Missing note title', as the server says. */
const checkNote: CustomValidator<NoteInput> = (data, errors) => {
  if (!data?.title?.trim()) errors.title?.addError(USER_TEXTS.missingNoteTitle);
  return errors;
};

export const notes = defineResource({
  schema: AppUserNoteSchema,
  idParam: 'noteId',
  list: { operationId: 'getAppUser', call: listUserNotes, queryKey: getAppUserQueryKey, clientSide: true },
  create: { operationId: 'createAppUserNote', call: createAppUserNote, body: NoteInputSchema },
  update: { operationId: 'updateAppUserNote', call: updateAppUserNote, body: NoteInputSchema },
  delete: { operationId: 'deleteAppUserNote', call: deleteAppUserNote },
  rowName: (note) => note.title,
  form: { customValidate: () => checkNote },
  texts: {
    title: 'Notes',
    createButton: 'Add note',
    createTitle: 'Add note',
    editTitle: 'Edit note',
    deleteTitle: 'Delete note',
    deleteText: 'Delete the note "{title}"?',
    empty: 'No notes yet.',
    failure: USER_TEXTS.failure,
  },
});
