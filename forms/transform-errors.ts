// Client-side errors read exactly like the server's 400 answers (same fieldMessage words).
import type { ErrorTransformer, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { fieldMessage } from '../rules/validation-messages';

const pathOf = (property: string | undefined): string => (property ?? '').replace(/^\./, '').replace(/\[(\d+)\]/g, '.$1');

/** 2020-12's dependentRequired (RJSF already files it under the missing field) reads as required. */
const asRequired = (error: RJSFValidationError): RJSFValidationError => {
  const missing: unknown = error.params?.missingProperty;
  if (error.name !== 'dependentRequired' || typeof missing !== 'string') return error;
  return { ...error, name: 'required', message: `must have required property '${missing}'` };
};

/** The screen's own label of the field at `path`, which may be a question rather than a name. */
const uiTitleAt = (uiSchema: UiSchema | undefined, path: string): unknown =>
  path.split('.').reduce<UiSchema | undefined>((ui, key) => ui?.[key] as UiSchema | undefined, uiSchema)?.['ui:title'];

export const transformErrors: ErrorTransformer = (errors, uiSchema) =>
  errors.map(asRequired).map((error) => {
    const path = pathOf(error.property);
    // A required error's message already names the field by its title. Others take the schema's title as
    // their label, as the server's 400s do; a label the screen gives ("Anything else...?") is no name, so
    // the field's own name is used then.
    const screenLabel = error.title !== undefined && error.title === uiTitleAt(uiSchema, path);
    const label = error.name === 'required' || screenLabel ? undefined : error.title || undefined;
    const declared: unknown = error.params?.patternMessage;
    const message = fieldMessage({ path, errorCode: error.name, message: error.message ?? '', label, ...(typeof declared === 'string' ? { patternMessage: declared } : {}) });
    return { ...error, message, stack: path ? `${path}: ${message}` : message };
  });
