// The features tab as a resource description (spec 001 sections 2, 3, 5): every feature at once,
// dragged into order, each change saving the whole list (PUT); columns and popup fields from
// Feature and FeatureInput and their `x-ui` hints; the popup's name follows the display name in
// camel case and its default value the chosen type (lib/feature-form.ts).
import { listFeatures, saveFeatures } from '../../../../../../generated/client/sdk.gen';
import { listFeaturesQueryKey } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { Feature, FeatureInput } from '../../../../../../generated/client/types.gen';
import { formatCell } from '../../../../../../forms/resource/cell-format';
import type { CellFormat } from '../../../../../../forms/resource/cell-format';
import { defineResource } from '../../../../../../forms/resource/description';
import { formValuesOf } from '../../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../../forms/schemas';
import { checkFeature, deriveFeature, featureFormSchema, newFeature } from '../lib/feature-form';
import { PAYMENT_TEXTS } from '../texts';
import { FeatureSchema } from '../../../../../../generated/schemas/Feature';
import { FeatureInputSchema } from '../../../../../../generated/schemas/FeatureInput';

const VALUE_FORMATS: Record<Feature['type'], CellFormat> = { boolean: { kind: 'boolean' }, number: { kind: 'number' }, string: { kind: 'text' } };

/** A feature as the whole-list save sends it back: every property FeatureInput declares, as read. */
const toFeatureInput = (feature: Feature): FeatureInput => formValuesOf<FeatureInput>({ schema: schemaOf(FeatureInputSchema), record: feature }) as FeatureInput;

export const features = defineResource({
  schema: FeatureSchema,
  list: { operationId: 'listFeatures', call: listFeatures, queryKey: listFeaturesQueryKey, clientSide: true },
  saveAll: { operationId: 'saveFeatures', call: saveFeatures, body: FeatureInputSchema, toInput: toFeatureInput },
  // Plans carry a value for each feature.
  alsoRefreshes: ['getPlan'],
  reorder: { by: 'list' },
  // The default value is shown as its feature's type says (the schema allows any of the three).
  cells: { value: (feature) => formatCell({ format: VALUE_FORMATS[feature.type], value: feature.value }) },
  rowName: (feature) => feature.displayName,
  form: {
    initial: newFeature,
    schema: ({ draft }) => featureFormSchema(draft.type),
    derive: deriveFeature,
    // Names are unique among the other features.
    customValidate: ({ row, rows }) => checkFeature(rows.filter((other) => other !== row)),
  },
  texts: {
    title: 'Features',
    createButton: '+ Add feature',
    createTitle: 'Add feature',
    editTitle: 'Edit feature',
    deleteTitle: 'Delete feature',
    deleteText: 'Delete {displayName}? Plans lose their value for it.',
    deleted: '{displayName} deleted',
    empty: PAYMENT_TEXTS.noItems,
    failure: PAYMENT_TEXTS.saveFailed,
    loadFailed: PAYMENT_TEXTS.featuresFailed,
  },
});
