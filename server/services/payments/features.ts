// An app's features: named limits or switches that plans carry as values. The Features tab
// saves the whole list at once; its order is the order shown.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Feature, FeatureInput } from '../../../generated/client/types.gen';
import { featureListErrors } from '../../../rules/payments';
import type { FeatureKind } from '../../../rules/payments';
import { findOwnedApp } from '../developer/owned-app';
import { throwIfAny } from '../developer/validate';
import { featureLists, plans } from './model';

const DEFAULT_VALUES: Record<FeatureKind, Feature['value']> = { boolean: false, number: 0, string: '' };

/** The app's features, for services that already checked ownership. */
export async function appFeatures({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Feature[]> {
  return (await featureLists(ctx).findOne({ _id: appId }))?.features ?? [];
}

export async function listFeatures({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<Feature[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  return appFeatures({ ctx, appId: app._id });
}

const toFeature = ({ input, usedIds }: { input: FeatureInput; usedIds: Set<string> }): Feature => {
  // A repeated or missing id would make two features one; such a feature is new.
  const id = input.id && !usedIds.has(input.id) ? input.id : randomUUID();
  usedIds.add(id);
  return {
    ...input,
    id,
    displayName: input.displayName.trim(),
    description: input.description ?? '',
    value: input.value ?? DEFAULT_VALUES[input.type],
    meta: input.meta ?? {},
  };
};

export async function saveFeatures({ ctx, userId, appId, input }: { ctx: AppContext; userId: string; appId: string; input: FeatureInput[] }): Promise<Feature[]> {
  const app = await findOwnedApp({ ctx, userId, appId });
  throwIfAny(featureListErrors(input));
  const usedIds = new Set<string>();
  const features = input.map((feature) => toFeature({ input: feature, usedIds }));
  const previous = await appFeatures({ ctx, appId: app._id });
  await featureLists(ctx).findOneAndUpdate(
    { _id: app._id },
    { $set: { appId: app._id, features, updated: ctx.now().toISOString() } },
    { upsert: true },
  );
  // Plans keep no value for a feature that is gone (names are camel case, safe in a dotted path).
  const kept = new Set(features.map((f) => f.name));
  const gone = previous.filter((f) => !kept.has(f.name)).map((f) => [`features.${f.name}`, 1 as const]);
  if (gone.length > 0) await plans(ctx).updateMany({ appId: app._id }, { $unset: Object.fromEntries(gone) });
  return features;
}
