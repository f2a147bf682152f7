import type {
  CreateCouponData,
  CreateCouponResponse,
  DeleteCouponData,
  DeleteCouponResponse,
  ListCouponsData,
  ListCouponsResponse,
  UpdateCouponData,
  UpdateCouponResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as coupons from '../../services/payments/coupons';

export const listCoupons = handler<ListCouponsData, ListCouponsResponse>(async ({ ctx, req, path }) => ({
  data: await coupons.listCoupons({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const createCoupon = handler<CreateCouponData, CreateCouponResponse>(async ({ ctx, req, path, body }) => ({
  data: await coupons.createCoupon({ ctx, userId: requireUserId(req), appId: path.appId, input: body }),
  message: 'Coupon created',
  status: 201,
}));

export const updateCoupon = handler<UpdateCouponData, UpdateCouponResponse>(async ({ ctx, req, path, body }) => ({
  data: await coupons.updateCoupon({ ctx, userId: requireUserId(req), appId: path.appId, couponId: path.couponId, input: body }),
  message: 'Coupon saved',
}));

export const deleteCoupon = handler<DeleteCouponData, DeleteCouponResponse>(async ({ ctx, req, path, query }) => {
  await coupons.deleteCoupon({ ctx, userId: requireUserId(req), appId: path.appId, couponId: path.couponId, platform: query.platform });
  return { data: null, message: 'Coupon deleted' };
});
