// The plan editor's form (spec 001 sections 2, 4, 5): PlanInput as the document declares it,
// with the app's features as typed value fields. The document's hints hide what the form only
// carries (order, meta), drop prices and trial for a free plan (`x-ui.when`) and lock the
// provider-bound fields once the plan is connected (`x-ui.locked`).
import type { FormValidation, UiSchema } from '@rjsf/utils';
import type { Feature, Plan, PlanInput } from '../../../../../../generated/client/types.gen';
import { lockedUiSchema, shownSchema } from '../../../../../../forms/resource/form-conditions';
import { formValuesOf, mergeUiSchemas } from '../../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { PRICE_MIN, planErrors } from '../../../../../../rules/payments';
import { addFieldErrors, definedOnly } from './field-errors';
import { PlanInputSchema } from '../../../../../../generated/schemas/PlanInput';
import { PricingVariantInputSchema } from '../../../../../../generated/schemas/PricingVariantInput';

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema> };

/** The form's values: every property PlanInput declares, sent as the form holds them. */
export type PlanForm = PlanInput;

const planInput = () => schemaOf(PlanInputSchema);

function featureValueSchema(feature: Feature): JsonSchema {
  const title = feature.displayName;
  if (feature.type === 'boolean') return { type: 'boolean', title };
  // The bounds PlanFeatureValues has: a plan may carry a negative value (e.g. -1 for unlimited).
  if (feature.type === 'number') return { type: 'number', title, minimum: -1_000_000_000, maximum: 1_000_000_000 };
  return { type: 'string', title, maxLength: 1000 };
}

/** The form's schema for the values typed so far: the shown properties of PlanInput, the app's features as fields. */
export function planFormSchema({ features, values }: { features: ReadonlyArray<Feature>; values: Partial<PlanForm> }): JsonSchema {
  const input = shownSchema({ schema: planInput(), values }) as ObjectSchema;
  const { features: _values, ...properties } = input.properties;
  const variant = schemaOf(PricingVariantInputSchema) as ObjectSchema;
  // A price under 0.01 gets the spec's one message (checkPlan), not the schema's 'at least 0' beside it.
  const { minimum: _minimum, ...priceCount } = variant.properties.priceCount;
  const prices = properties.pricingVariants ? { pricingVariants: { ...properties.pricingVariants, items: { ...variant, properties: { ...variant.properties, priceCount } } } } : {};
  const featureFields = features.length ? { features: { type: 'object', title: 'Features', properties: Object.fromEntries(features.map((f) => [f.name, featureValueSchema(f)])) } } : {};
  return { ...input, properties: { ...properties, ...prices, ...featureFields } };
}

/** The app's features as switches or fields with their help, and what the plan edited locks (its provider-bound fields once connected). */
export function planFormUiSchema({ features, plan }: { features: ReadonlyArray<Feature>; plan?: Plan }): UiSchema {
  const featureFields = Object.fromEntries(
    features.map((f) => [f.name, { ...(f.type === 'boolean' ? { 'ui:widget': 'switch' } : {}), ...(f.description ? { 'ui:help': f.description } : {}) }]),
  );
  return mergeUiSchemas(lockedUiSchema({ schema: planInput(), record: plan }), { features: featureFields });
}

/** The plan as the form starts: every declared property it holds, each feature at the plan's value, else the feature's default. */
export function toPlanForm({ plan, features }: { plan: Plan; features: ReadonlyArray<Feature> }): PlanForm {
  const values = Object.fromEntries(features.map((f) => [f.name, plan.features[f.name] ?? f.value]));
  return { ...(formValuesOf<PlanForm>({ schema: planInput(), record: plan }) as PlanForm), features: values };
}

/** The whole plan as PUT takes it, at `order` (a PUT leaves out nothing it should keep). */
export const toPlanInput = ({ plan, order }: { plan: Plan; order: number }): PlanInput => ({ ...(formValuesOf<PlanInput>({ schema: planInput(), record: plan }) as PlanInput), order });


/** The plan rules of rules/payments.ts under their fields ('Please add a name', 'Price must be equal or greater than 0.01 USD'). */
export function checkPlan(data: Partial<PlanForm> | undefined, errors: FormValidation<Partial<PlanForm>>): FormValidation<Partial<PlanForm>> {
  // The trial's bound is the schema's ('Trial days must be at most 999').
  const { trialCount: _bySchema, ...given } = definedOnly(data);
  const fieldErrors = planErrors({
    ...given,
    name: given.name ?? '',
    currency: given.currency || 'usd',
    // A missing price is the schema's 'Price is required' already.
    pricingVariants: (given.pricingVariants ?? []).map((v) => ({ name: v?.name, priceCount: v?.priceCount ?? PRICE_MIN })),
  });
  // So is an empty name its 'Plan name is required'.
  if (!data?.name) delete fieldErrors.name;
  return addFieldErrors({ errors, fieldErrors });
}

/** Key-order-free comparison, so the unsaved state follows what the user changed, not how RJSF built the object. */
export function sameForm(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== '').sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
