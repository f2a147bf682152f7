// The feature popup (spec 001 sections 3 and 5): FeatureInput as the document declares it, with
// the default value typed by the chosen type, the name following the display name in camel case
// until the developer types a name of their own, and the list's rules for the edited feature.
import type { FormValidation } from '@rjsf/utils';
import type { Feature, FeatureInput, FeatureType } from '../../../../../../generated/client/types.gen';
import { schemaOf } from '../../../../../../forms/schemas';
import type { JsonSchema } from '../../../../../../forms/schemas';
import { featureNameFromDisplayName } from '../../../../../../rules/feature-name';
import { featureListErrors } from '../../../../../../rules/payments';
import { addFieldErrors, definedOnly } from './field-errors';
import { FeatureInputSchema } from '../../../../../../generated/schemas/FeatureInput';

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };

/** Every declared property (id and meta ride along hidden, so an edit keeps them). */
export type FeatureForm = FeatureInput;

const DEFAULTS: Record<FeatureType, Feature['value']> = { boolean: false, number: 0, string: '' };

// A negative number default is refused by the list's rule (checkFeature), in the server's words.
const valueSchema = (type: FeatureType): JsonSchema =>
  type === 'number' ? { type, title: 'Default value', maximum: 1_000_000_000 } : type === 'string' ? { type, title: 'Default value', maxLength: 1000 } : { type, title: 'Default value' };

/** FeatureInput whole, its default value of the chosen type. */
export function featureFormSchema(type: FeatureType = 'boolean'): JsonSchema {
  const input = schemaOf(FeatureInputSchema) as ObjectSchema;
  return { ...input, properties: { ...input.properties, value: valueSchema(type) } };
}

/** A new feature is a switch, off (the other fields start empty or at their schema defaults). */
export const newFeature = (): Partial<FeatureForm> => ({ type: 'boolean', value: DEFAULTS.boolean });

/** The name follows the display name while it still is the one made from it; a new type starts at its default. */
export function deriveFeature(next: Partial<FeatureForm>, previous: Partial<FeatureForm>): Partial<FeatureForm> {
  const followed = !previous.name || previous.name === featureNameFromDisplayName(previous.displayName ?? '');
  const name = followed && next.displayName !== previous.displayName ? featureNameFromDisplayName(next.displayName ?? '') : next.name;
  const value = next.type && next.type !== previous.type ? DEFAULTS[next.type] : next.value;
  return { ...next, name, value };
}

/** The popup's customValidate: the list's rules (names unique among `others`) for the edited feature. */
export function checkFeature(others: ReadonlyArray<Pick<Feature, 'displayName' | 'name' | 'type'>>) {
  return (data: Partial<FeatureForm> | undefined, errors: FormValidation<Partial<FeatureForm>>): FormValidation<Partial<FeatureForm>> => {
    const edited = { displayName: '', name: '', type: 'boolean' as FeatureType, ...definedOnly(data) };
    const index = others.length;
    const found = featureListErrors([...others, edited]);
    const fieldErrors = Object.fromEntries(
      Object.entries(found)
        .filter(([path]) => path.startsWith(`${index}.`))
        .map(([path, message]) => [path.slice(`${index}.`.length), message])
        // An empty field is the schema's '... is required' already.
        .filter(([field]) => (field !== 'displayName' && field !== 'name') || edited[field]),
    );
    return addFieldErrors({ errors, fieldErrors });
  };
}
