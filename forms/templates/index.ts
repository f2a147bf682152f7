import { FieldTemplate } from './FieldTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { AddButton, RemoveButton } from './ArrayButtons';

export const templates = { FieldTemplate, FieldErrorTemplate, ButtonTemplates: { AddButton, RemoveButton } };
