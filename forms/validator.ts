// One validator for every form. It interprets JSON Schema 2020-12 (what OpenAPI 3.1 uses)
// with @cfworker/json-schema instead of compiling it like Ajv: Ajv builds each validator
// with new Function(), which the site's Content-Security-Policy (no 'unsafe-eval') refuses,
// and its compiler is most of a form page's weight. Errors come out in Ajv's shape and words
// (ajv-shaped-errors.ts) and go through the same steps as @rjsf/validator-ajv8's.
import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';
import { createErrorHandler, getDefaultFormState, getUiOptions, toErrorSchema, unwrapErrorHandler, validationDataMerge } from '@rjsf/utils';
import type { RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { isImageUrl } from '../rules/url-patterns';
import { PATTERN_MESSAGE } from '../rules/validation-messages';
import { toAjvErrors, valueAt } from './ajv-shaped-errors';
import type { AjvShapedError } from './ajv-shaped-errors';

// RJSF asks about the same (sub)schemas on every render; building a Validator indexes the whole root.
const built = new WeakMap<object, WeakMap<object, Validator>>();

function validatorFor(schema: RJSFSchema, root: RJSFSchema): Validator {
  const byRoot = built.get(schema) ?? new WeakMap<object, Validator>();
  built.set(schema, byRoot);
  let validator = byRoot.get(root);
  if (!validator) {
    // A sub-schema's refs point into the root's components or $defs: give it the root's.
    const whole = schema === root ? schema : { ...schema, components: root.components, $defs: root.$defs };
    validator = new Validator(whole as Schema, '2020-12', false);
    byRoot.set(root, validator);
  }
  return validator;
}

interface TitledSchema {
  $ref?: string;
  title?: string;
  properties?: Record<string, TitledSchema>;
  items?: TitledSchema;
}

/** The schema a $ref names in the root's components or $defs, with a title written beside the $ref kept. */
function resolved(node: TitledSchema | undefined, root: RJSFSchema): TitledSchema | undefined {
  if (!node?.$ref) return node;
  const target = resolved(valueAt(root, node.$ref) as TitledSchema | undefined, root);
  return node.title && target ? { ...target, title: node.title } : target;
}

/** The schema's title of the field at `path` (its instance path as keys), or ''. */
function schemaTitleAt({ root, path }: { root: RJSFSchema; path: string[] }): string {
  const field = path.reduce<TitledSchema | undefined>((node, key) => {
    const owner = resolved(node, root);
    return /^\d+$/.test(key) && owner?.items ? owner.items : owner?.properties?.[key];
  }, root as TitledSchema);
  return resolved(field, root)?.title ?? '';
}

/** The `x-pattern-message` of the property whose pattern failed; one written beside a $ref wins over the target's. */
function declaredPatternMessage({ root, schemaPath }: { root: RJSFSchema; schemaPath: string }): string | undefined {
  const owner = schemaPath.replace(/\/pattern$/, '');
  const places = owner.endsWith('/$ref') ? [owner.slice(0, -'/$ref'.length), owner] : [owner];
  const found = places.map((place) => valueAt(valueAt(root, place), `#/${PATTERN_MESSAGE}`)).find((words) => typeof words === 'string');
  return found as string | undefined;
}

/** Like RJSF's: a field is named by its title (uiSchema first, then schema) so messages read as labels, as the server's do. */
function toRjsfError(error: AjvShapedError, { root, uiSchema }: { root: RJSFSchema; uiSchema?: UiSchema }): RJSFValidationError {
  const parent = error.instancePath.replace(/\//g, '.');
  const missing = typeof error.params.missingProperty === 'string' ? error.params.missingProperty : undefined;
  const property = missing === undefined ? parent : parent ? `${parent}.${missing}` : missing;
  const path = property.split('.').filter(Boolean);
  // A missing property is found beside the `required` that names it (its owner may be an allOf part).
  const ownerTitle = missing === undefined ? undefined : valueAt(valueAt(root, error.schemaPath.replace(/\/[^/]+$/, '')), `#/properties/${missing}/title`);
  const schemaTitle = missing === undefined ? schemaTitleAt({ root, path }) : typeof ownerTitle === 'string' ? ownerTitle : '';
  const title = getUiOptions(path.reduce<UiSchema | undefined>((ui, key) => ui?.[key] as UiSchema | undefined, uiSchema)).title ?? schemaTitle;
  const message = missing !== undefined && title ? error.message.replace(`'${missing}'`, `'${title}'`) : error.message;
  const patternMessage = error.keyword === 'pattern' ? declaredPatternMessage({ root, schemaPath: error.schemaPath }) : undefined;
  const params = patternMessage ? { ...error.params, patternMessage } : error.params;
  return { name: error.keyword, property, message, params, stack: `${property} ${message}`.trim(), schemaPath: error.schemaPath, title };
}

/**
 * Screens trim an address when they save it (spec 000: "Redirect URL: required, trimmed on
 * save"), so a pasted one with spaces around it is no error when the trimmed value is an
 * address; the server, which gets it trimmed, refuses spaces (docs/stored-urls.md).
 */
function fitsOnceTrimmed({ error, formData }: { error: AjvShapedError; formData: unknown }): boolean {
  if (error.keyword !== 'pattern' && error.keyword !== 'format') return false;
  const value = valueAt(formData, `#${error.instancePath}`);
  return typeof value === 'string' && value !== value.trim() && isImageUrl(value.trim());
}

/** A form's validator, typed by its data (one shared implementation; caches are per schema). */
export const formValidator = <T,>(): ValidatorType<T, RJSFSchema> => ({
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    const { errors } = validatorFor(schema, schema).validate(formData);
    return { errors: toAjvErrors({ units: errors, root: schema }) as Result[] };
  },

  isValid(schema, formData, rootSchema) {
    try {
      return validatorFor(schema, rootSchema).validate(formData).valid;
    } catch {
      // As with Ajv: a schema that cannot be used matches nothing.
      return false;
    }
  },

  validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
    const raw = (this.rawValidation<AjvShapedError>(schema, formData).errors ?? []).filter((error) => !fitsOnceTrimmed({ error, formData }));
    let errors = raw.map((error) => toRjsfError(error, { root: schema, uiSchema }));
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    // Custom rules see every field, undefined ones included, as with @rjsf/validator-ajv8.
    const withDefaults = getDefaultFormState(this, schema, formData, schema, true) as T;
    const handler = customValidate(withDefaults, createErrorHandler(withDefaults), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },
});
