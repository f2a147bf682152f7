// Stripe through its official SDK: a plan is a Product with one Price per pricing variant, a coupon
// is a Coupon plus a promotion code customers type, refunds go against the charge.
import type Stripe from 'stripe';
import { minorUnits } from './money';
import { stripeClient, stripeSdk } from './stripe-client';
import { ProviderError } from './port';
import type { PaymentProvider, PricePeriod, ProviderCoupon, ProviderCredentials, ProviderPlan, ProviderPriceVariant } from './port';

const PLATFORM = 'stripe';

function client({ credentials, apiBase }: { credentials: ProviderCredentials; apiBase: string }): Promise<Stripe> {
  const secretKey = credentials.secretKey;
  if (typeof secretKey !== 'string' || !secretKey) throw new ProviderError(PLATFORM, 'The Stripe integration has no secret key');
  return stripeClient({ secretKey, apiBase });
}

/** A request Stripe refused as such (400, 404) will be refused again: not worth a retry. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof (await stripeSdk()).errors.StripeError) {
      throw new ProviderError(PLATFORM, err.message, err.statusCode, { permanent: err.statusCode === 400 || err.statusCode === 404 });
    }
    throw err;
  }
}

const recurring = ({ pricePeriod, pricePeriodCount }: { pricePeriod: PricePeriod; pricePeriodCount: number }): Stripe.PriceCreateParams.Recurring | undefined =>
  pricePeriod === 'one-time' ? undefined : { interval: pricePeriod, interval_count: pricePeriodCount };

async function createPrices({ stripe, plan, variants }: { stripe: Stripe; plan: ProviderPlan; variants: ProviderPriceVariant[] }): Promise<Record<string, string>> {
  // Stripe prices carry no trial: it is given when a subscription starts, from the product's metadata.
  const product = await stripe.products.create({
    name: plan.name,
    ...(plan.description ? { description: plan.description } : {}),
    metadata: { planId: plan.planId, trialDays: String(plan.trialCount) },
  });
  const ids: Record<string, string> = {};
  for (const variant of variants) {
    const price = await stripe.prices.create({
      product: product.id,
      currency: plan.currency.toLowerCase(),
      unit_amount: minorUnits({ amount: variant.priceCount, currency: plan.currency }),
      nickname: variant.name,
      recurring: recurring(variant),
      metadata: { planId: plan.planId, pricingVariantId: variant.id },
    });
    ids[variant.id] = price.id;
  }
  return ids;
}

async function productsOf({ stripe, priceIds }: { stripe: Stripe; priceIds: string[] }): Promise<string[]> {
  const prices = await Promise.all(priceIds.map((id) => stripe.prices.retrieve(id)));
  return [...new Set(prices.map((price) => (typeof price.product === 'string' ? price.product : price.product.id)))];
}

function couponParams({ coupon, products }: { coupon: ProviderCoupon; products: string[] }): Stripe.CouponCreateParams {
  return {
    name: coupon.couponName,
    ...(coupon.discountType === 'percentage'
      ? { percent_off: coupon.discountAmount }
      : { amount_off: minorUnits({ amount: coupon.discountAmount, currency: coupon.discountCurrency }), currency: coupon.discountCurrency.toLowerCase() }),
    duration: coupon.durationType,
    ...(coupon.durationType === 'repeating' ? { duration_in_months: coupon.durationAmountInMonths ?? 1 } : {}),
    ...(coupon.maxRedemptions ? { max_redemptions: coupon.maxRedemptions } : {}),
    ...(coupon.expires ? { redeem_by: Math.floor(Date.parse(coupon.expires) / 1000) } : {}),
    ...(products.length ? { applies_to: { products } } : {}),
    metadata: { couponId: coupon.couponId },
  };
}

export function stripeProvider({ apiBase }: { apiBase: string }): PaymentProvider {
  const open = (credentials: ProviderCredentials) => client({ credentials, apiBase });
  return {
    platform: PLATFORM,
    needsPlanIds: false,
    connectPlan: ({ credentials, plan, given }) =>
      guarded(async () => {
        const stripe = await open(credentials);
        const ids: Record<string, string> = {};
        for (const variant of plan.pricingVariants) {
          const id = given[variant.id]?.trim();
          if (id) ids[variant.id] = (await stripe.prices.retrieve(id)).id;
        }
        const missing = plan.pricingVariants.filter((variant) => !ids[variant.id]);
        return missing.length ? { ...ids, ...(await createPrices({ stripe, plan, variants: missing })) } : ids;
      }),
    createCoupon: ({ credentials, coupon }) =>
      guarded(async () => {
        const stripe = await open(credentials);
        const products = await productsOf({ stripe, priceIds: coupon.appliesTo });
        const created = await stripe.coupons.create(couponParams({ coupon, products }));
        try {
          // The code customers type at checkout is a promotion code of the coupon.
          await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: created.id }, code: coupon.platformCouponCode });
        } catch (err) {
          await stripe.coupons.del(created.id).catch(() => undefined);
          throw err;
        }
        return { platformCouponId: created.id };
      }),
    deleteCoupon: ({ credentials, platformCouponId }) =>
      guarded(async () => {
        await (await open(credentials)).coupons.del(platformCouponId);
      }),
    cancelSubscription: ({ credentials, platformSubscriptionId, idempotencyKey }) =>
      guarded(async () => {
        await (await open(credentials)).subscriptions.cancel(platformSubscriptionId, {}, { idempotencyKey });
      }),
    changeSubscription: ({ credentials, platformSubscriptionId, platformPlanId, idempotencyKey }) =>
      guarded(async () => {
        const stripe = await open(credentials);
        const subscription = await stripe.subscriptions.retrieve(platformSubscriptionId);
        const item = subscription.items.data[0];
        if (!item) throw new ProviderError(PLATFORM, `Subscription ${platformSubscriptionId} has no item to change`, undefined, { permanent: true });
        await stripe.subscriptions.update(
          platformSubscriptionId,
          { items: [{ id: item.id, price: platformPlanId }], proration_behavior: 'create_prorations' },
          { idempotencyKey },
        );
      }),
    refundCharge: ({ credentials, platformChargeId, amount, currency, idempotencyKey }) =>
      guarded(async () => {
        await (await open(credentials)).refunds.create(
          { charge: platformChargeId, ...(amount === undefined ? {} : { amount: minorUnits({ amount, currency }) }) },
          { idempotencyKey },
        );
      }),
  };
}
