// The plan editor's form (spec 001 sections 2, 4, 5): PlanInput with the app's features as
// typed value fields, prices and trial dropped for a free plan, and the provider-bound fields
// read-only once the plan is connected.
import type { FormValidation, UiSchema } from '@rjsf/utils';
import type { Feature, Plan, PlanInput } from '../../../../../../generated/client/types.gen';
import { schemaByName } from '../../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { uiSchemas } from '../../../../../../forms/uiSchemas';
import { PRICE_MIN, planErrors } from '../../../../../../rules/payments';
import { addFieldErrors } from './field-errors';

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema> };

/** The form's fields: everything of PlanInput a developer edits (order is kept by drag, meta by the API). */
export type PlanForm = Omit<PlanInput, 'order' | 'meta'>;

/** Spec 001 section 4: these become read-only once a provider is connected (currency with the prices it prices). */
const PROVIDER_BOUND = ['name', 'isFree', 'trialCount', 'currency', 'pricingVariants'] as const;
/** A free plan has no prices and no trial (the server saves them empty and 0). */
const PAID_ONLY = ['trialCount', 'pricingVariants'];

/** The schema's properties, less some (the form drops their API descriptions: forms/root-schema.ts). */
function fieldsOf({ name, omit = [] }: { name: string; omit?: string[] }): Record<string, JsonSchema> {
  const { properties } = schemaByName(name) as ObjectSchema;
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !omit.includes(key)));
}

function featureValueSchema(feature: Feature): JsonSchema {
  const title = feature.displayName;
  if (feature.type === 'boolean') return { type: 'boolean', title };
  // The bounds PlanFeatureValues has: a plan may carry a negative value (e.g. -1 for unlimited).
  if (feature.type === 'number') return { type: 'number', title, minimum: -1_000_000_000, maximum: 1_000_000_000 };
  return { type: 'string', title, maxLength: 1000 };
}

export function planFormSchema({ features, isFree }: { features: ReadonlyArray<Feature>; isFree: boolean }): JsonSchema {
  const fields = fieldsOf({ name: 'PlanInput', omit: ['order', 'meta', 'features', ...(isFree ? PAID_ONLY : [])] });
  const variantFields = fieldsOf({ name: 'PricingVariantInput' });
  // A price under 0.01 gets the spec's one message (checkPlan), not the schema's 'at least 0' beside it.
  const { minimum: _minimum, ...priceCount } = variantFields.priceCount;
  const variant = { ...(schemaByName('PricingVariantInput') as ObjectSchema), properties: { ...variantFields, priceCount } };
  const properties: Record<string, JsonSchema> = {
    ...fields,
    ...(fields.pricingVariants ? { pricingVariants: { ...fields.pricingVariants, items: variant } } : {}),
    ...(features.length ? { features: { type: 'object', title: 'Features', properties: Object.fromEntries(features.map((f) => [f.name, featureValueSchema(f)])) } } : {}),
  };
  return { type: 'object', additionalProperties: false, required: ['name'], properties };
}

export function planFormUiSchema({ features, connected }: { features: ReadonlyArray<Feature>; connected: boolean }): UiSchema {
  // Merged into the registered field entries: SchemaForm lays the given uiSchema over them key by key.
  const registered = uiSchemas.PlanInput ?? {};
  const readonly = connected ? Object.fromEntries(PROVIDER_BOUND.map((key) => [key, { ...registered[key], 'ui:readonly': true }])) : {};
  if (connected) readonly.pricingVariants['ui:options'] = { ...registered.pricingVariants?.['ui:options'], addable: false, removable: false };
  const featureFields = Object.fromEntries(
    features.map((f) => [f.name, { ...(f.type === 'boolean' ? { 'ui:widget': 'switch' } : {}), ...(f.description ? { 'ui:help': f.description } : {}) }]),
  );
  return { ...readonly, features: { ...featureFields, 'ui:order': [...features.map((f) => f.name), '*'] } };
}

/** The plan as the form shows it: each feature at the plan's value, else the feature's default. */
export function toPlanForm({ plan, features }: { plan: Plan; features: ReadonlyArray<Feature> }): PlanForm {
  const values = Object.fromEntries(features.map((f) => [f.name, plan.features[f.name] ?? f.value]));
  return {
    name: plan.name,
    description: plan.description,
    isActive: plan.isActive,
    isFree: plan.isFree,
    trialCount: plan.trialCount,
    currency: plan.currency,
    pricingVariants: plan.pricingVariants.map(({ id, name, priceCount, pricePeriod, pricePeriodCount }) => ({ id, name, priceCount, pricePeriod, pricePeriodCount })),
    features: values,
  };
}

/** The whole plan as PUT takes it (fields with a default fall back to it when left out), at `order`. */
export const toPlanInput = ({ plan, order }: { plan: Plan; order: number }): PlanInput => {
  const { name, description, isActive, isFree, trialCount, currency, features, meta, pricingVariants } = plan;
  return { name, description, isActive, isFree, trialCount, currency, features, meta, pricingVariants, order };
};


/** The plan rules of rules/payments.ts under their fields ('Please add a name', 'Price must be equal or greater than 0.01 USD'). */
export function checkPlan(data: Partial<PlanForm> | undefined, errors: FormValidation<Partial<PlanForm>>): FormValidation<Partial<PlanForm>> {
  const fieldErrors = planErrors({
    name: data?.name ?? '',
    currency: data?.currency || 'usd',
    isFree: data?.isFree,
    // A missing price is the schema's 'Price is required' already.
    pricingVariants: (data?.pricingVariants ?? []).map((v) => ({ name: v?.name, priceCount: v?.priceCount ?? PRICE_MIN })),
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
