// Connections of a plan's pricing variants to plans at a payment provider (spec 001 sections 3-5).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { PlanConnection } from '../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../http/errors';
import { PROVIDER_NOT_FOUND } from '../developer/integrations/integrations';
import { findOwnedApp } from '../developer/owned-app';
import { PAYMENT_PLATFORMS, callProvider, openProvider } from './providers/registry';
import type { OpenedProvider } from './providers/registry';
import { planConnections } from './model';
import type { PlanConnectionDoc } from './model';
import { findPlan } from './plans';

export const NO_INTEGRATION = 'You need to add a payment integration before you connect a provider.';
export const NO_PRICES = 'You need to add at least one price to your plan.';
export const PLAN_IDS_NEEDED = 'Please add a plan ID for each pricing plan you defined.';

export async function listPaymentConnections({ ctx, userId, appId, platform }: { ctx: AppContext; userId: string; appId: string; platform?: string }): Promise<PlanConnection[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  return planConnections(ctx).find(platform ? { appId: app._id, platform } : { appId: app._id }, { sort: { created: 1 } });
}

export async function listPlanConnections({ ctx, userId, appId, planId }: { ctx: AppContext; userId: string; appId: string; planId: string }): Promise<PlanConnection[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  await findPlan({ ctx, appId: app._id, planId });
  return planConnections(ctx).find({ appId: app._id, planId }, { sort: { created: 1 } });
}

/** The app's provider for the platform: 404 for a platform no adapter serves, 400 without an active integration. */
export async function requireProvider({ ctx, appId, platform }: { ctx: AppContext; appId: string; platform: string }): Promise<OpenedProvider> {
  const opened = await openProvider({ ctx, appId, platform });
  if (!opened) throw new ValidationError(NO_INTEGRATION, { platform: NO_INTEGRATION });
  return opened;
}

export async function connectPlan({
  ctx,
  userId,
  appId,
  planId,
  platform,
  pricingToPlanMap = {},
}: {
  ctx: AppContext;
  userId: string;
  appId: string;
  planId: string;
  platform: string;
  pricingToPlanMap?: Record<string, string>;
}): Promise<PlanConnection[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  const plan = await findPlan({ ctx, appId: app._id, planId });
  const { provider, credentials, displayName } = await requireProvider({ ctx, appId: app._id, platform });
  if (plan.pricingVariants.length === 0) throw new ValidationError(NO_PRICES);
  const given = Object.fromEntries(Object.entries(pricingToPlanMap).map(([variantId, id]) => [variantId, id.trim()]));
  if (provider.needsPlanIds) {
    const missing = plan.pricingVariants.filter((v) => !given[v.id]).map((v) => [`pricingToPlanMap.${v.id}`, PLAN_IDS_NEEDED]);
    if (missing.length > 0) throw new ValidationError(PLAN_IDS_NEEDED, Object.fromEntries(missing));
  }
  const ids = await callProvider({ displayName, run: () => provider.connectPlan({ credentials, plan, given }) });
  const now = ctx.now().toISOString();
  const docs: PlanConnectionDoc[] = plan.pricingVariants
    .filter((v) => ids[v.id])
    .map((v) => ({ _id: randomUUID(), appId: app._id, platform, planId, planPricingVariantId: v.id, platformPlanId: ids[v.id], created: now }));
  // Connecting again replaces the platform's connections of this plan.
  await planConnections(ctx).deleteMany({ appId: app._id, planId, platform });
  if (docs.length > 0) await planConnections(ctx).insertMany(docs);
  return planConnections(ctx).find({ appId: app._id, planId }, { sort: { created: 1 } });
}

export async function disconnectPlan({ ctx, userId, appId, planId, platform }: { ctx: AppContext; userId: string; appId: string; planId: string; platform: string }): Promise<PlanConnection[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  await findPlan({ ctx, appId: app._id, planId });
  if (!PAYMENT_PLATFORMS.includes(platform)) throw new NotFoundError(PROVIDER_NOT_FOUND);
  await planConnections(ctx).deleteMany({ appId: app._id, planId, platform });
  return planConnections(ctx).find({ appId: app._id, planId }, { sort: { created: 1 } });
}
