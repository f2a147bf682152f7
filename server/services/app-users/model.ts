// App users' records as answered: stored documents mapped to the response schemas, the
// not-found texts, and the fields each list may be searched and sorted on.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { appUsers } from '../developer/model';
import type { AppUserDoc, ChargeDoc, SubscriptionDoc } from '../developer/model';
import type { AppUser, AppUserCharge, AppUserPendingAction, AppUserSubscription } from '../../../generated/client/types.gen';
import { AppUserChargeSchema } from '../../../generated/schemas/AppUserCharge';
import { AppUserSchema } from '../../../generated/schemas/AppUser';
import { AppUserSubscriptionSchema } from '../../../generated/schemas/AppUserSubscription';
import { declaredFields } from '../lists/list-query';
import type { ListFields } from '../lists/list-query';
import { roundCents } from './money';

export const USER_NOT_FOUND = 'App user not found';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const CHARGE_NOT_FOUND = 'Charge not found';

/** What a cancel, change or refund job leaves on its subscription or charge while it runs. */
export interface PendingFields {
  pendingAction?: AppUserPendingAction;
  pendingSince?: string;
  /** The job the mark belongs to: only that job's outcome may take it off (records marked before it: any job of the kind). */
  pendingJobId?: string;
  lastActionError?: string;
  /** The last job whose outcome was applied, so a second run of that job changes nothing and sends the same event. */
  lastJobId?: string;
}

export type AppUserSubscriptionDoc = SubscriptionDoc & PendingFields;
export type AppUserChargeDoc = ChargeDoc & PendingFields & {
  /** What the last refund job (lastJobId) refunded, major units. */
  lastRefunded?: number;
};

// appId is left out: the app is fixed by the path, and a query on it must not widen the scope.
export const USER_LIST: ListFields = {
  fields: declaredFields({ schema: AppUserSchema.schema, computed: ['appId'] }),
  defaultSort: { created: -1 },
};
export const SUBSCRIPTION_LIST: ListFields = { fields: declaredFields({ schema: AppUserSubscriptionSchema.schema }), defaultSort: { created: -1 } };
export const CHARGE_LIST: ListFields = {
  fields: declaredFields({ schema: AppUserChargeSchema.schema, computed: ['refundableAmount', 'refundedAmount'] }),
  defaultSort: { created: -1 },
};

export const toAppUser = (doc: AppUserDoc): AppUser => ({ ...doc, id: doc._id, notes: doc.notes ?? [] });

export const toSubscription = (doc: AppUserSubscriptionDoc): AppUserSubscription => ({ ...doc, id: doc._id });

/** Only money that came in can go back: a succeeded or partly refunded charge, less what was refunded. */
export const refundableAmount = (doc: AppUserChargeDoc): number =>
  doc.status === 'succeeded' || doc.status === 'partially_refunded' ? roundCents(doc.amount - (doc.refundedAmount ?? 0)) : 0;

export const toCharge = (doc: AppUserChargeDoc): AppUserCharge => ({
  ...doc,
  id: doc._id,
  refundedAmount: doc.refundedAmount ?? 0,
  refundableAmount: refundableAmount(doc),
});

export async function findAppUser({ ctx, appId, userId }: { ctx: AppContext; appId: string; userId: string }): Promise<AppUserDoc> {
  const user = await appUsers(ctx).findOne({ _id: userId, appId });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return user;
}
