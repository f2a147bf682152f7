// An app's coupons (spec 001 sections 3-5): created at a payment provider (paddle or stripe) for
// plans connected there; name, code and platform are read-only afterwards.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Coupon, CouponInput } from '../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { COUPON_NEEDS_PLAN, couponErrors } from '../../../rules/payments';
import { findOwnedApp } from '../developer/owned-app';
import { throwIfAny } from '../developer/validate';
import { callProvider, openProvider } from './providers/registry';
import { coupons, planConnections, plans } from './model';
import type { CouponDoc } from './model';

export const COUPON_PLATFORMS = ['paddle', 'stripe'];
export const COUPON_NOT_FOUND = 'Coupon not found';
export const NO_PLANS_YET = 'Coupons will be available once you add your first payment plan.';
export const NO_COUPON_INTEGRATION = 'Coupons will be available once you connect a payment integration.';
export const COUPON_READ_ONLY = 'The coupon name, code and platform cannot be changed after creation';
export const COUPON_CODE_TAKEN = 'This coupon code is already used';

export async function listCoupons({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<Coupon[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  return coupons(ctx).find({ appId: app._id }, { sort: { created: -1 } });
}

/** The coupon's own fields, and whether each appliesTo id is a plan of the app connected on its platform. */
async function couponInputErrors({ ctx, appId, input, platformUsable = true }: { ctx: AppContext; appId: string; input: CouponInput; platformUsable?: boolean }): Promise<FieldErrors> {
  const errors: FieldErrors = couponErrors(input);
  if (!platformUsable) {
    errors.platform ??= NO_COUPON_INTEGRATION;
    return errors;
  }
  const known = new Set((await planConnections(ctx).find({ appId, platform: input.platform })).map((c) => c.platformPlanId));
  input.appliesTo.forEach((id, i) => {
    if (!known.has(id)) errors[`appliesTo.${i}`] = COUPON_NEEDS_PLAN;
  });
  return errors;
}

const couponFields = (input: CouponInput) => ({
  ...input,
  couponName: input.couponName.trim(),
  platformCouponCode: input.platformCouponCode.trim(),
  discountType: input.discountType ?? 'percentage',
  discountCurrency: (input.discountCurrency ?? 'usd').toLowerCase(),
  durationType: input.durationType ?? 'forever',
  maxRedemptions: input.maxRedemptions ?? 5,
});

export async function createCoupon({ ctx, userId, appId, input }: { ctx: AppContext; userId: string; appId: string; input: CouponInput }): Promise<Coupon> {
  const app = await findOwnedApp({ ctx, userId, appId });
  if ((await plans(ctx).count({ appId: app._id })) === 0) throw new ValidationError(NO_PLANS_YET);
  const opened = COUPON_PLATFORMS.includes(input.platform) ? await openProvider({ ctx, appId: app._id, platform: input.platform }) : null;
  const errors = await couponInputErrors({ ctx, appId: app._id, input, platformUsable: opened !== null });
  // The first message is the headline, as throwIfAny says it; without a provider there is always one.
  if (!opened || Object.keys(errors).length > 0) throw new ValidationError(Object.values(errors)[0] ?? NO_COUPON_INTEGRATION, errors);
  const fields = couponFields(input);
  if (await coupons(ctx).findOne({ appId: app._id, platform: fields.platform, platformCouponCode: fields.platformCouponCode })) {
    throw new ValidationError(COUPON_CODE_TAKEN, { platformCouponCode: COUPON_CODE_TAKEN });
  }
  const couponId = randomUUID();
  const { provider, credentials, displayName } = opened;
  const { platformCouponId } = await callProvider({ displayName, run: () => provider.createCoupon({ credentials, coupon: { ...fields, couponId } }) });
  const now = ctx.now().toISOString();
  const doc: CouponDoc = { ...fields, _id: couponId, appId: app._id, couponId, platformCouponId, timesRedeemed: 0, created: now, updated: now };
  await coupons(ctx).insertOne(doc);
  return doc;
}

async function findCoupon({ ctx, appId, couponId }: { ctx: AppContext; appId: string; couponId: string }): Promise<CouponDoc> {
  const coupon = await coupons(ctx).findOne({ appId, couponId });
  if (!coupon) throw new NotFoundError(COUPON_NOT_FOUND);
  return coupon;
}

/** Saved on our record only: the port has no call to change a provider's coupon. */
export async function updateCoupon({ ctx, userId, appId, couponId, input }: { ctx: AppContext; userId: string; appId: string; couponId: string; input: CouponInput }): Promise<Coupon> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const before = await findCoupon({ ctx, appId: app._id, couponId });
  const fields = couponFields(input);
  if (fields.couponName !== before.couponName || fields.platformCouponCode !== before.platformCouponCode || fields.platform !== before.platform) {
    throw new ValidationError(COUPON_READ_ONLY);
  }
  throwIfAny(await couponInputErrors({ ctx, appId: app._id, input }));
  const updated = await coupons(ctx).findOneAndUpdate({ appId: app._id, couponId }, { $set: { ...fields, updated: ctx.now().toISOString() } });
  if (!updated) throw new NotFoundError(COUPON_NOT_FOUND);
  return updated;
}

/** Deleted at the provider while its integration is active; with none, only our record goes. */
export async function deleteCoupon({ ctx, userId, appId, couponId, platform }: { ctx: AppContext; userId: string; appId: string; couponId: string; platform: string }): Promise<void> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const coupon = await findCoupon({ ctx, appId: app._id, couponId });
  if (coupon.platform !== platform) throw new NotFoundError(COUPON_NOT_FOUND);
  const opened = await openProvider({ ctx, appId: app._id, platform });
  const { platformCouponId } = coupon;
  if (opened && platformCouponId) {
    const { provider, credentials, displayName } = opened;
    await callProvider({ displayName, run: () => provider.deleteCoupon({ credentials, platformCouponId }) });
  }
  await coupons(ctx).deleteOne({ appId: app._id, couponId });
}
