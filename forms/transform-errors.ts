// Client-side errors read exactly like the server's 400 answers (same fieldMessage words).
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { fieldMessage } from '../rules/validation-messages';

const pathOf = (property: string | undefined): string => (property ?? '').replace(/^\./, '').replace(/\[(\d+)\]/g, '.$1');

/** 2020-12's dependentRequired (RJSF already files it under the missing field) reads as required. */
const asRequired = (error: RJSFValidationError): RJSFValidationError => {
  const missing: unknown = error.params?.missingProperty;
  if (error.name !== 'dependentRequired' || typeof missing !== 'string') return error;
  return { ...error, name: 'required', message: `must have required property '${missing}'` };
};

export const transformErrors: ErrorTransformer = (errors) =>
  errors.map(asRequired).map((error) => {
    const path = pathOf(error.property);
    // A required error's message already names the field by its title; others take the title as their label.
    const label = error.name === 'required' ? undefined : error.title || undefined;
    const message = fieldMessage({ path, errorCode: error.name, message: error.message ?? '', label });
    return { ...error, message, stack: path ? `${path}: ${message}` : message };
  });
