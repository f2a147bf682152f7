import { FieldTemplate } from './FieldTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';

export const templates = { FieldTemplate, FieldErrorTemplate };
