import { BaseInputTemplate } from './BaseInputTemplate';
import { FieldTemplate } from './FieldTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from './ArrayButtons';

export const templates = { BaseInputTemplate, FieldTemplate, FieldErrorTemplate, ArrayFieldItemTemplate, ButtonTemplates: { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } };
