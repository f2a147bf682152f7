// Plans are data: server/data/billing-plans.json holds the families of spec 002 section 1 and a
// per-app template copied for every catalog componentType. Seeding inserts what is missing and
// never overwrites a stored plan, so plans edited in the store keep their edits; any number of
// instances may seed at once (upserts by id).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context';
import { ROOT } from '../../../paths';
import type { Store } from '../../../storage/port';
import { catalogComponentTypes } from '../../workspace/catalog/catalog-apps';
import { plans } from '../model';
import type { FeatureDefinitionDoc, PlanDoc } from '../model';
import { featureDefinitions } from './store';

interface PlanSeed {
  key: string;
  name: string;
  order: number;
  /** USD per month and per year. */
  monthly: number;
  yearly: number;
  core?: boolean;
  services?: string[];
  supportedPlatforms?: string[];
  features: PlanDoc['features'];
}

export interface PlanSeedFile {
  platforms: string[];
  features: FeatureDefinitionDoc[];
  families: Record<string, PlanSeed[]>;
  perApp: PlanSeed[];
}

/** The providers a plan names its own ids for (spec 002 section 3). */
const PROVIDERS = ['commonninja', 'bluesnap', 'paypalApi', 'stripe'];

export const readPlanSeed = (): PlanSeedFile =>
  JSON.parse(readFileSync(join(ROOT, 'server', 'data', 'billing-plans.json'), 'utf8')) as PlanSeedFile;

function planDoc({ family, seed, platforms }: { family: string; seed: PlanSeed; platforms: string[] }): PlanDoc {
  const planId = `${family}-${seed.key}`;
  const month = `${planId}-month`;
  const year = `${planId}-year`;
  return {
    _id: planId,
    planId,
    family,
    name: seed.name,
    isFree: seed.monthly === 0,
    order: seed.order,
    features: seed.features,
    // Even index month, odd index year (spec 002 section 3).
    pricingVariants: [
      { id: month, name: 'Monthly', pricePeriod: 'month', priceCount: seed.monthly },
      { id: year, name: 'Yearly', pricePeriod: 'year', priceCount: seed.yearly },
    ],
    planIds: Object.fromEntries(PROVIDERS.map((provider) => [provider, { month, year }])),
    pricing: seed.monthly,
    services: seed.services ?? (family === 'bundle' || family === 'widgets_bundle' || family === 'mini_bundles' ? [] : [family]),
    meta: { planName: String(seed.features.planName ?? seed.key), supportedPlatforms: seed.supportedPlatforms ?? platforms, ...(seed.core ? { core: true } : {}) },
  };
}

/** Every plan the seed file describes, per-app lists for each given componentType. */
export function planDocsFromSeed({ seed, componentTypes }: { seed: PlanSeedFile; componentTypes: string[] }): PlanDoc[] {
  const families: Array<[string, PlanSeed[]]> = [
    ...Object.entries(seed.families),
    ...componentTypes.map((componentType): [string, PlanSeed[]] => [componentType, seed.perApp]),
  ];
  return families.flatMap(([family, seeds]) => seeds.map((one) => planDoc({ family, seed: one, platforms: seed.platforms })));
}

/** Inserts the seed's plans and feature definitions that the store lacks; returns how many plans the seed has. */
export async function seedPlans(ctx: AppContext): Promise<number> {
  const seed = readPlanSeed();
  const docs = planDocsFromSeed({ seed, componentTypes: await catalogComponentTypes({ ctx }) });
  // One read of what is stored, then upserts only for what is missing: a start-up on a seeded store writes nothing.
  const storedPlans = new Set((await plans(ctx).find({ _id: { $in: docs.map((doc) => doc._id) } })).map((doc) => doc._id));
  for (const doc of docs.filter((one) => !storedPlans.has(one._id))) {
    await plans(ctx).findOneAndUpdate({ _id: doc._id }, { $setOnInsert: { ...doc } }, { upsert: true });
  }
  const storedFeatures = new Set((await featureDefinitions(ctx).find({ _id: { $in: seed.features.map((one) => one.name) } })).map((one) => one._id));
  for (const [order, feature] of seed.features.entries()) {
    if (storedFeatures.has(feature.name)) continue;
    await featureDefinitions(ctx).findOneAndUpdate({ _id: feature.name }, { $setOnInsert: { ...feature, order } }, { upsert: true });
  }
  return docs.length;
}

// One seeding per store, shared by concurrent first requests (tests open stores without main.ts).
const seeded = new WeakMap<Store, Promise<number>>();

export function ensurePlans(ctx: AppContext): Promise<number> {
  let pending = seeded.get(ctx.store);
  if (!pending) {
    pending = seedPlans(ctx);
    seeded.set(ctx.store, pending);
  }
  return pending;
}
