// The coupon popups (spec 001 sections 3, 5, 9): CouponInput with the platform limited to the
// app's active paddle and stripe integrations and the plans to choose among the plans connected
// on that platform; defaults percentage 20, 5 uses, forever, a random 8-character code.
import type { FormValidation, UiSchema } from '@rjsf/utils';
import type { Coupon, CouponInput, Plan, PlanConnection } from '../../../../../../generated/client/types.gen';
import { schemaByName } from '../../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { uiSchemas } from '../../../../../../forms/uiSchemas';
import { COUPON_CODE_MAX, couponErrors } from '../../../../../../rules/payments';
import { addFieldErrors } from './field-errors';
import { providerName } from './providers';

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };

const CODE_LENGTH = 8;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Fixed once the coupon exists (spec 001 section 4); the platform too, since the coupon lives there. */
export const READ_ONLY_AFTER_CREATE = ['couponName', 'platformCouponCode', 'platform'] as const;

/** 8 random letters and digits from the browser's secure generator. */
export function randomCouponCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(CODE_LENGTH)), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export function newCoupon({ platform, code = randomCouponCode() }: { platform?: string; code?: string }): Partial<CouponInput> {
  return { couponName: '', platformCouponCode: code, platform, discountType: 'percentage', discountAmount: 20, discountCurrency: 'usd', durationType: 'forever', maxRedemptions: 5, appliesTo: [] };
}

export const toCouponInput = ({ couponName, platformCouponCode, platform, discountType, discountAmount, discountCurrency, expires, durationType, durationAmountInMonths, maxRedemptions, appliesTo }: Coupon): Partial<CouponInput> =>
  ({ couponName, platformCouponCode, platform, discountType, discountAmount, discountCurrency, expires, durationType, durationAmountInMonths, maxRedemptions, appliesTo });

/** One choice per connected price: the provider plan id, named by the plan and its price. */
export function planChoices({ connections, plans }: { connections: ReadonlyArray<PlanConnection>; plans: ReadonlyArray<Plan> }): Array<{ id: string; label: string }> {
  const byId = new Map(plans.map((p) => [p.planId, p]));
  return connections.map((c) => {
    const plan = byId.get(c.planId);
    const variant = plan?.pricingVariants.find((v) => v.id === c.planPricingVariantId);
    return { id: c.platformPlanId, label: [plan?.name ?? c.planId, variant?.name].filter(Boolean).join(' · ') };
  });
}

export function couponFormSchema({ platforms, choices, repeating }: { platforms: ReadonlyArray<string>; choices: ReadonlyArray<{ id: string }>; repeating: boolean }): JsonSchema {
  const input = schemaByName('CouponInput') as ObjectSchema;
  // Months only mean something for a repeating coupon.
  const properties = Object.fromEntries(Object.entries(input.properties).filter(([key]) => repeating || key !== 'durationAmountInMonths'));
  properties.platform = { ...properties.platform, ...(platforms.length ? { enum: [...platforms] } : {}) };
  properties.appliesTo = { ...properties.appliesTo, uniqueItems: true, items: { type: 'string', maxLength: 200, ...(choices.length ? { enum: choices.map((c) => c.id) } : {}) } };
  return { ...input, properties };
}

export function couponFormUiSchema({ platforms, choices, editing }: { platforms: ReadonlyArray<string>; choices: ReadonlyArray<{ label: string }>; editing: boolean }): UiSchema {
  // Merged into the registered field entries: SchemaForm lays the given uiSchema over them key by key.
  const registered = uiSchemas.CouponInput ?? {};
  const readonly = editing ? Object.fromEntries(READ_ONLY_AFTER_CREATE.map((key) => [key, { ...registered[key], 'ui:readonly': true, 'ui:autofocus': false }])) : {};
  return {
    ...readonly,
    platform: { ...readonly.platform, 'ui:enumNames': platforms.map(providerName) },
    appliesTo: {
      ...registered.appliesTo,
      'ui:enumNames': choices.map((c) => c.label),
      ...(choices.length ? {} : { 'ui:help': 'Connect a plan to this platform in the plan editor first.' }),
    },
  };
}

/** The names as sent: without the spaces around them (both are fixed once the coupon exists). */
export const trimCoupon = (coupon: Partial<CouponInput>): Partial<CouponInput> => ({ ...coupon, couponName: coupon.couponName?.trim(), platformCouponCode: coupon.platformCouponCode?.trim() });

/** The plans chosen belong to one platform: a new platform starts with none. */
export function deriveCoupon(next: Partial<CouponInput>, previous: Partial<CouponInput>): Partial<CouponInput> {
  return next.platform !== previous.platform ? { ...next, appliesTo: [] } : next;
}

const SCHEMA_REQUIRED = ['couponName', 'platformCouponCode', 'platform', 'expires'] as const;

/** The form leaves a cleared field out (undefined): the rules read it as empty. */
const definedOnly = (data: Partial<CouponInput>): Partial<CouponInput> => Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));

/** couponErrors, less what the schema already says: an empty required field, a code past its maxLength. */
export function checkCoupon(data: Partial<CouponInput> | undefined, errors: FormValidation<Partial<CouponInput>>): FormValidation<Partial<CouponInput>> {
  const coupon = { couponName: '', platformCouponCode: '', platform: '', discountAmount: 0, appliesTo: [], ...definedOnly(data ?? {}) };
  const bySchema = (key: string) => SCHEMA_REQUIRED.some((field) => field === key && !coupon[field]) || (key === 'platformCouponCode' && coupon.platformCouponCode.length > COUPON_CODE_MAX);
  const found = Object.entries(couponErrors(coupon)).filter(([key]) => !bySchema(key));
  return addFieldErrors({ errors, fieldErrors: Object.fromEntries(found) });
}
