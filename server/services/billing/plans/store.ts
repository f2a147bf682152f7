// Feature definitions (displayName, highlight, group) are data beside the plans: the pricing page's
// cards and comparison table read them, and they are edited without code like the plans.
import type { AppContext } from '../../../context';
import type { Collection } from '../../../storage/port';
import type { FeatureDefinitionDoc } from '../model';

export interface FeatureDefinitionRow extends FeatureDefinitionDoc {
  /** The feature name. */
  _id: string;
  order: number;
  [key: string]: unknown;
}

export const featureDefinitions = (ctx: AppContext): Collection<FeatureDefinitionRow> =>
  ctx.store.collection<FeatureDefinitionRow>('billing_feature_definitions');
