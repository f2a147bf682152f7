// An app's payment plans (spec 001 sections 4 and 5): created inactive and last, free plans
// without prices or trial, and read-only in name, free flag, trial and prices once connected.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Feature, Plan, PlanInput, PricingVariant, PricingVariantInput } from '../../../generated/client/types.gen';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { featureTypeMismatch, fitsFeatureType, planErrors } from '../../../rules/payments';
import { findOwnedApp } from '../developer/owned-app';
import { throwIfAny } from '../developer/validate';
import { appFeatures } from './features';
import { planConnections, plans } from './model';
import type { PlanDoc } from './model';

export const PLAN_NOT_FOUND = 'Plan not found';
export const PLAN_LOCKED = 'This plan is connected to a payment provider: its name, free flag, trial, currency and prices cannot be changed. Disconnect it first.';
export const planStillConnected = (platforms: string[]): string => `Please disconnect the plan from ${platforms.join(', ')} before deleting it`;

async function connectedPlatforms({ ctx, appId, planId }: { ctx: AppContext; appId: string; planId?: string }): Promise<Map<string, string[]>> {
  const byPlan = new Map<string, string[]>();
  for (const c of await planConnections(ctx).find(planId ? { appId, planId } : { appId })) {
    const list = byPlan.get(c.planId) ?? [];
    if (!list.includes(c.platform)) list.push(c.platform);
    byPlan.set(c.planId, list);
  }
  return byPlan;
}

const toPlan = (doc: PlanDoc, byPlan: Map<string, string[]>): Plan => ({ ...doc, connectedPlatforms: byPlan.get(doc.planId) ?? [] });

/** The app's plan, for services that already checked ownership. */
export async function findPlan({ ctx, appId, planId }: { ctx: AppContext; appId: string; planId: string }): Promise<PlanDoc> {
  const plan = await plans(ctx).findOne({ appId, planId });
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

export async function listPlans({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<Plan[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const byPlan = await connectedPlatforms({ ctx, appId: app._id });
  return (await plans(ctx).find({ appId: app._id }, { sort: { order: 1, created: 1 } })).map((doc) => toPlan(doc, byPlan));
}

export async function getPlan({ ctx, userId, appId, planId }: { ctx: AppContext; userId: string; appId: string; planId: string }): Promise<Plan> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const doc = await findPlan({ ctx, appId: app._id, planId });
  return toPlan(doc, await connectedPlatforms({ ctx, appId: app._id, planId }));
}

/** Given ids are kept (connections refer to them); a missing or repeated id gets a new one. */
function toVariants(input: PricingVariantInput[]): PricingVariant[] {
  const used = new Set<string>();
  return input.map((v) => {
    const id = v.id && !used.has(v.id) ? v.id : randomUUID();
    used.add(id);
    return { id, name: (v.name ?? '').trim(), priceCount: v.priceCount, pricePeriod: v.pricePeriod, pricePeriodCount: v.pricePeriodCount ?? 1 };
  });
}

function featureValueErrors({ values, features }: { values: Record<string, unknown>; features: Feature[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    const feature = features.find((f) => f.name === name);
    if (!feature) errors[`features.${name}`] = `There is no feature named ${name}`;
    else if (!fitsFeatureType(feature.type, value)) errors[`features.${name}`] = featureTypeMismatch(feature.type);
  }
  return errors;
}

type PlanFields = Pick<Plan, 'name' | 'description' | 'isActive' | 'isFree' | 'trialCount' | 'currency' | 'features' | 'meta' | 'pricingVariants'> & Record<string, unknown>;

/**
 * The stored form of a plan's fields, checked: every declared input property as sent (the body
 * holds only what PlanInput declares), then the rules of the named ones; `base` supplies what
 * the input leaves out. `order` is the caller's (ignored when creating).
 */
async function planFields({ ctx, appId, input, base }: { ctx: AppContext; appId: string; input: PlanInput; base?: PlanDoc }): Promise<PlanFields> {
  const isFree = input.isFree ?? base?.isFree ?? false;
  const { order: _order, ...declared } = input;
  const fields: PlanFields = {
    ...declared,
    name: input.name.trim(),
    description: input.description ?? base?.description ?? '',
    isActive: input.isActive ?? base?.isActive ?? false,
    isFree,
    trialCount: isFree ? 0 : (input.trialCount ?? base?.trialCount ?? 0),
    currency: (input.currency ?? base?.currency ?? 'usd').toLowerCase(),
    features: input.features ?? base?.features ?? {},
    meta: input.meta ?? base?.meta ?? {},
    pricingVariants: isFree ? [] : input.pricingVariants ? toVariants(input.pricingVariants) : (base?.pricingVariants ?? []),
  };
  const features = input.features ? await appFeatures({ ctx, appId }) : [];
  throwIfAny({ ...planErrors(fields), ...featureValueErrors({ values: input.features ?? {}, features }) });
  return fields;
}

export async function createPlan({ ctx, userId, appId, input }: { ctx: AppContext; userId: string; appId: string; input: PlanInput }): Promise<Plan> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const fields = await planFields({ ctx, appId: app._id, input: { ...input, isActive: false } });
  const last = await plans(ctx).findOne({ appId: app._id }, { sort: { order: -1 } });
  const now = ctx.now().toISOString();
  const planId = randomUUID();
  const doc: PlanDoc = { ...fields, _id: planId, appId: app._id, planId, order: last ? last.order + 1 : 0, created: now, updated: now };
  await plans(ctx).insertOne(doc);
  return toPlan(doc, new Map());
}

const sameVariants = (a: PricingVariant[], b: PricingVariant[]): boolean =>
  a.length === b.length &&
  a.every((v, i) => v.id === b[i].id && v.name === b[i].name && v.priceCount === b[i].priceCount && v.pricePeriod === b[i].pricePeriod && v.pricePeriodCount === b[i].pricePeriodCount);

const changesLockedFields = (before: PlanDoc, after: PlanFields): boolean =>
  before.name !== after.name ||
  before.isFree !== after.isFree ||
  before.trialCount !== after.trialCount ||
  before.currency !== after.currency ||
  !sameVariants(before.pricingVariants, after.pricingVariants);

export async function updatePlan({ ctx, userId, appId, planId, input }: { ctx: AppContext; userId: string; appId: string; planId: string; input: PlanInput }): Promise<Plan> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const before = await findPlan({ ctx, appId: app._id, planId });
  const fields = await planFields({ ctx, appId: app._id, input, base: before });
  const byPlan = await connectedPlatforms({ ctx, appId: app._id, planId });
  if (byPlan.has(planId) && changesLockedFields(before, fields)) throw new ValidationError(PLAN_LOCKED);
  const set = { ...fields, order: input.order ?? before.order, updated: ctx.now().toISOString() };
  const updated = await plans(ctx).findOneAndUpdate({ appId: app._id, planId }, { $set: set });
  if (!updated) throw new NotFoundError(PLAN_NOT_FOUND);
  return toPlan(updated, byPlan);
}

export async function deletePlan({ ctx, userId, appId, planId }: { ctx: AppContext; userId: string; appId: string; planId: string }): Promise<void> {
  const app = await findOwnedApp({ ctx, userId, appId });
  await findPlan({ ctx, appId: app._id, planId });
  const platforms = (await connectedPlatforms({ ctx, appId: app._id, planId })).get(planId);
  if (platforms) throw new ConflictError(planStillConnected(platforms));
  await plans(ctx).deleteOne({ appId: app._id, planId });
}
