// A user's charges: the list, and the refund request that queues a job.
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Collection, Page } from '../../storage/port';
import type { AppContext } from '../../context';
import type { AppUserCharge, RefundInput } from '../../../generated/client/types.gen';
import { findOwnedApp } from '../developer/owned-app';
import { CHARGES, charges } from '../developer/model';
import { parseQuery, parseSort } from '../lists/list-query';
import { CHARGE_LIST, CHARGE_NOT_FOUND, findAppUser, refundableAmount, toCharge } from './model';
import type { AppUserChargeDoc } from './model';
import { findPage } from '../lists/paging';
import { roundCents } from './money';
import { queueOnRecord, requireProvider, requireSamePlatform } from './pending';
import type { ListInput, Owned } from './users';

export const REFUND_QUEUED = 'The refund was requested. Refunds take a couple of days to reach the customer.';
export const NOT_REFUNDABLE = 'This charge cannot be refunded';

interface Target extends Owned {
  appUserId: string;
}

export const chargeDocs = (ctx: AppContext): Collection<AppUserChargeDoc> => charges(ctx);

export async function listCharges({ ctx, userId, appId, appUserId, page, limit, query, sort }: Target & ListInput): Promise<Page<AppUserCharge>> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const result = await findPage({
    ctx,
    name: CHARGES,
    collection: chargeDocs(ctx),
    scope: { appId, appUserId },
    filter: parseQuery({ text: query, fields: CHARGE_LIST.fields }),
    sort: parseSort({ text: sort, ...CHARGE_LIST }),
    page,
    limit,
  });
  return { ...result, docs: result.docs.map(toCharge) };
}

/** The amount of a partial refund in cents precision (undefined: all that is refundable), checked against what is left. */
function checkedAmount({ charge, refundAmount }: { charge: AppUserChargeDoc; refundAmount?: number }): number | undefined {
  const refundable = refundableAmount(charge);
  if (refundable <= 0 || !charge.platformChargeId) throw new ValidationError(NOT_REFUNDABLE);
  if (refundAmount === undefined) return undefined;
  const amount = roundCents(refundAmount);
  if (amount > refundable) {
    const message = `Refund amount must be at most ${refundable.toFixed(2)} ${charge.currency}`;
    throw new ValidationError(message, { refundAmount: message });
  }
  return amount;
}

export async function refundCharge({ ctx, userId, appId, appUserId, chargeId, input }: Target & { chargeId: string; input: RefundInput }): Promise<AppUserCharge> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const charge = await chargeDocs(ctx).findOne({ _id: chargeId, appId, appUserId });
  if (!charge) throw new NotFoundError(CHARGE_NOT_FOUND);
  requireSamePlatform({ given: input.platform, stored: charge.platform, what: 'charge' });
  const refundAmount = checkedAmount({ charge, refundAmount: input.refundAmount });
  await requireProvider({ ctx, appId, platform: charge.platform });
  const marked = await queueOnRecord({
    ctx,
    collection: chargeDocs(ctx),
    job: {
      appId,
      appUserId,
      kind: 'refund',
      platform: charge.platform,
      targetId: charge._id,
      ...(refundAmount === undefined ? {} : { refundAmount }),
      cancelUserSubscription: input.cancelUserSubscription ?? false,
    },
  });
  return toCharge(marked);
}
