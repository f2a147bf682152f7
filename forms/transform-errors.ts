// Client-side errors read exactly like the server's 400 answers (same fieldMessage words).
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { fieldMessage } from './validation-messages';

const pathOf = (error: RJSFValidationError): string => (error.property ?? '').replace(/^\./, '').replace(/\[(\d+)\]/g, '.$1');

export const transformErrors: ErrorTransformer = (errors) =>
  errors.map((error) => {
    const path = pathOf(error);
    const message = fieldMessage({ path, errorCode: error.name, message: error.message ?? '' });
    return { ...error, message, stack: path ? `${path}: ${message}` : message };
  });
