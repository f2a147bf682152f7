// The coupon popups (spec 001 sections 3, 5, 9): CouponInput with the platform limited to the
// app's active paddle and stripe integrations and the plans to choose among the plans connected
// on that platform; defaults percentage 20, 5 uses, forever, a random 8-character code. What shows
// and what is fixed once the coupon exists is the document's (`x-ui.when`, `x-ui.locked`).
import type { FormValidation, UiSchema } from '@rjsf/utils';
import type { CouponInput, Plan, PlanConnection } from '../../../../../../generated/client/types.gen';
import { shownSchema } from '../../../../../../forms/resource/form-conditions';
import { schemaOf } from '../../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { COUPON_CODE_MAX, couponErrors } from '../../../../../../rules/payments';
import { addFieldErrors, definedOnly } from './field-errors';
import { providerName } from './providers';
import { CouponInputSchema } from '../../../../../../generated/schemas/CouponInput';

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };

const CODE_LENGTH = 8;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 8 random letters and digits from the browser's secure generator. */
export function randomCouponCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(CODE_LENGTH)), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export function newCoupon({ platform, code = randomCouponCode() }: { platform?: string; code?: string }): Partial<CouponInput> {
  return { couponName: '', platformCouponCode: code, platform, discountType: 'percentage', discountAmount: 20, discountCurrency: 'usd', durationType: 'forever', maxRedemptions: 5, appliesTo: [] };
}

/** One choice per connected price: the provider plan id, named by the plan and its price. */
export function planChoices({ connections, plans }: { connections: ReadonlyArray<PlanConnection>; plans: ReadonlyArray<Plan> }): Array<{ id: string; label: string }> {
  const byId = new Map(plans.map((p) => [p.planId, p]));
  return connections.map((c) => {
    const plan = byId.get(c.planId);
    const variant = plan?.pricingVariants.find((v) => v.id === c.planPricingVariantId);
    return { id: c.platformPlanId, label: [plan?.name ?? c.planId, variant?.name].filter(Boolean).join(' · ') };
  });
}

/** CouponInput as the values typed so far show it (months only for a repeating coupon), with the app's choices. */
export function couponFormSchema({ platforms, choices, values }: { platforms: ReadonlyArray<string>; choices: ReadonlyArray<{ id: string }>; values: Partial<CouponInput> }): JsonSchema {
  const input = shownSchema({ schema: schemaOf(CouponInputSchema), values }) as ObjectSchema;
  const properties = { ...input.properties };
  properties.platform = { ...properties.platform, ...(platforms.length ? { enum: [...platforms] } : {}) };
  properties.appliesTo = { ...properties.appliesTo, uniqueItems: true, items: { type: 'string', maxLength: 200, ...(choices.length ? { enum: choices.map((c) => c.id) } : {}) } };
  return { ...input, properties };
}

/** The choices' names (the fields an existing coupon fixes are the document's `x-ui.locked`: ResourceList). */
export function couponFormUiSchema({ platforms, choices }: { platforms: ReadonlyArray<string>; choices: ReadonlyArray<{ label: string }> }): UiSchema {
  return {
    platform: { 'ui:enumNames': platforms.map(providerName) },
    appliesTo: {
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

const isEmpty = (value: unknown) => value === undefined || value === '';

/** couponErrors, less what the schema already says: an empty required field, a code past its maxLength. */
export function checkCoupon(data: Partial<CouponInput> | undefined, errors: FormValidation<Partial<CouponInput>>): FormValidation<Partial<CouponInput>> {
  const given = definedOnly(data);
  const coupon = { couponName: '', platformCouponCode: '', platform: '', discountAmount: 0, appliesTo: [], ...given };
  const required = (schemaOf(CouponInputSchema) as ObjectSchema).required ?? [];
  const bySchema = (key: string) => (required.includes(key) && isEmpty((given as Record<string, unknown>)[key])) || (key === 'platformCouponCode' && coupon.platformCouponCode.length > COUPON_CODE_MAX);
  const found = Object.entries(couponErrors(coupon)).filter(([key]) => !bySchema(key));
  return addFieldErrors({ errors, fieldErrors: Object.fromEntries(found) });
}
