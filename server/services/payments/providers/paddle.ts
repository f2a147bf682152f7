// Paddle Billing over its REST API. The developer creates products and prices in Paddle and types
// their ids here; coupons are Paddle discounts, refunds are adjustments against the transaction.
import { minorUnits } from './money';
import { ProviderError } from './port';
import type { PaymentProvider, ProviderCoupon, ProviderCredentials } from './port';

const PLATFORM = 'paddle';
const TIMEOUT_MS = 20_000;
const REFUND_REASON = 'Refund issued by the app developer';
/** 400s that pass with time: a refund awaiting Paddle's review blocks further adjustments until then. */
const PASSING_CODES = new Set(['adjustment_pending_refund_request']);

interface PaddleErrorBody {
  error?: { type?: string; code?: string; detail?: string };
}

interface PaddlePrice {
  id: string;
  status: 'active' | 'archived';
}

interface PaddleLineItem {
  id: string;
  totals: { total: string };
}

interface PaddleTransaction {
  id: string;
  details: { line_items: PaddleLineItem[] };
  /** With include=adjustments, where the transaction has any. */
  adjustments?: { action: string; status: string; items: { item_id: string; amount: string }[] }[];
}

type Call = <T>(input: { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: object }) => Promise<T>;

function caller({ credentials, apiBase }: { credentials: ProviderCredentials; apiBase: string }): Call {
  const apiKey = credentials.apiKey;
  if (typeof apiKey !== 'string' || !apiKey) throw new ProviderError(PLATFORM, 'The Paddle integration has no API key');
  return async <T>({ method, path, body }: { method: string; path: string; body?: object }): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderError(PLATFORM, `Paddle could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const payload = (await res.json().catch(() => ({}))) as PaddleErrorBody & { data?: T };
    if (res.ok && payload.data !== undefined) return payload.data;
    // A request Paddle refused as such (400, 404) will be refused again: not worth a retry.
    const refused = (res.status === 400 || res.status === 404) && !PASSING_CODES.has(payload.error?.code ?? '');
    throw new ProviderError(PLATFORM, payload.error?.detail ?? `Paddle answered ${res.status}`, res.status, { permanent: refused });
  };
}

const segment = (id: string): string => encodeURIComponent(id);

function discountBody(coupon: ProviderCoupon): object {
  const flat = coupon.discountType === 'flat';
  return {
    description: coupon.couponName,
    enabled_for_checkout: true,
    code: coupon.platformCouponCode,
    type: flat ? 'flat' : 'percentage',
    amount: flat ? String(minorUnits({ amount: coupon.discountAmount, currency: coupon.discountCurrency })) : String(coupon.discountAmount),
    ...(flat ? { currency_code: coupon.discountCurrency.toUpperCase() } : {}),
    // Paddle counts billing periods, not months: for monthly plans the two are the same.
    recur: coupon.durationType !== 'once',
    maximum_recurring_intervals: coupon.durationType === 'repeating' ? (coupon.durationAmountInMonths ?? 1) : null,
    usage_limit: coupon.maxRedemptions ?? null,
    restrict_to: coupon.appliesTo.length ? coupon.appliesTo : null,
    expires_at: coupon.expires ?? null,
    custom_data: { couponId: coupon.couponId },
  };
}

/** What earlier refunds and credits (not rejected ones) took of each line item, in minor units. */
function adjusted(transaction: PaddleTransaction): Map<string, number> {
  const taken = new Map<string, number>();
  for (const adjustment of transaction.adjustments ?? []) {
    if (adjustment.status === 'rejected' || !['refund', 'credit'].includes(adjustment.action)) continue;
    for (const item of adjustment.items) taken.set(item.item_id, (taken.get(item.item_id) ?? 0) + Number(item.amount));
  }
  return taken;
}

/** Spreads a partial refund (minor units) over what is left of the line items, first item first. */
function refundItems({ transaction, amount }: { transaction: PaddleTransaction; amount: number }): { item_id: string; type: 'partial' | 'full'; amount?: string }[] {
  const items: { item_id: string; type: 'partial' | 'full'; amount?: string }[] = [];
  const taken = adjusted(transaction);
  let left = amount;
  for (const line of transaction.details.line_items) {
    const open = Number(line.totals.total) - (taken.get(line.id) ?? 0);
    if (left <= 0 || open <= 0) continue;
    const part = Math.min(left, open);
    items.push(part === open ? { item_id: line.id, type: 'full' } : { item_id: line.id, type: 'partial', amount: String(part) });
    left -= part;
  }
  if (left > 0) throw new ProviderError(PLATFORM, `Refund is more than is left of transaction ${transaction.id}`, undefined, { permanent: true });
  return items;
}

export function paddleProvider({ apiBase }: { apiBase: string }): PaymentProvider {
  const open = (credentials: ProviderCredentials) => caller({ credentials, apiBase });
  return {
    platform: PLATFORM,
    needsPlanIds: true,
    async connectPlan({ credentials, plan, given }) {
      const call = open(credentials);
      const ids: Record<string, string> = {};
      for (const variant of plan.pricingVariants) {
        const id = given[variant.id]?.trim();
        if (!id) throw new ProviderError(PLATFORM, `A Paddle price id is needed for pricing variant ${variant.id}`, undefined, { permanent: true });
        const price = await call<PaddlePrice>({ method: 'GET', path: `/prices/${segment(id)}` });
        if (price.status !== 'active') throw new ProviderError(PLATFORM, `Paddle price ${id} is archived`, undefined, { permanent: true });
        ids[variant.id] = price.id;
      }
      return ids;
    },
    async createCoupon({ credentials, coupon }) {
      const discount = await open(credentials)<{ id: string }>({ method: 'POST', path: '/discounts', body: discountBody(coupon) });
      return { platformCouponId: discount.id };
    },
    async deleteCoupon({ credentials, platformCouponId }) {
      // Paddle keeps discounts for its records: archiving is its delete.
      await open(credentials)({ method: 'PATCH', path: `/discounts/${segment(platformCouponId)}`, body: { status: 'archived' } });
    },
    async cancelSubscription({ credentials, platformSubscriptionId }) {
      await open(credentials)({ method: 'POST', path: `/subscriptions/${segment(platformSubscriptionId)}/cancel`, body: { effective_from: 'immediately' } });
    },
    async changeSubscription({ credentials, platformSubscriptionId, platformPlanId }) {
      // Paddle replaces the whole item list: one plan per subscription, one seat.
      await open(credentials)({
        method: 'PATCH',
        path: `/subscriptions/${segment(platformSubscriptionId)}`,
        body: { items: [{ price_id: platformPlanId, quantity: 1 }], proration_billing_mode: 'prorated_immediately' },
      });
    },
    async refundCharge({ credentials, platformChargeId, amount, currency }) {
      const call = open(credentials);
      const base = { action: 'refund', transaction_id: platformChargeId, reason: REFUND_REASON };
      if (amount === undefined) {
        await call({ method: 'POST', path: '/adjustments', body: { ...base, type: 'full' } });
        return;
      }
      const transaction = await call<PaddleTransaction>({ method: 'GET', path: `/transactions/${segment(platformChargeId)}?include=adjustments` });
      await call({ method: 'POST', path: '/adjustments', body: { ...base, type: 'partial', items: refundItems({ transaction, amount: minorUnits({ amount, currency }) }) } });
    },
  };
}
