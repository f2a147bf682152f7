// A submission's values judged by the form's saved fields, as the renderer judges them before
// sending (web/embed/renderers/form-parts.ts): every fault at once, by `values.<label>`.
import { ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import type { FormRules } from './form-fields';
import { SUBMISSION_MESSAGES } from './model';
import type { SubmissionValue } from './model';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Per kind: a message may be long, a one-line answer not. */
const MAX_LENGTH = { message: 5000, other: 500 } as const;

const isEmpty = (value: SubmissionValue | undefined): boolean => value === undefined || value === '' || value === false;

function faultOf({ field, value }: { field: FormRules['fields'][number]; value: SubmissionValue | undefined }): string | undefined {
  if (isEmpty(value)) return field.required ? SUBMISSION_MESSAGES.required : undefined;
  if (field.type === 'checkbox') return typeof value === 'boolean' ? undefined : SUBMISSION_MESSAGES.checkbox;
  if (typeof value !== 'string') return SUBMISSION_MESSAGES.required;
  const max = field.type === 'message' ? MAX_LENGTH.message : MAX_LENGTH.other;
  if (value.length > max) return `Must be at most ${max} characters`;
  if (field.type === 'email' && !EMAIL.test(value)) return SUBMISSION_MESSAGES.email;
  if (field.type === 'choice' && !(field.options ?? []).includes(value)) return SUBMISSION_MESSAGES.choice;
  return undefined;
}

/** The values to store (trimmed, empty ones left out), or 400 with each field's fault. */
export function checkValues({ rules, values, consent }: { rules: FormRules; values: Record<string, SubmissionValue>; consent: boolean | undefined }): Record<string, SubmissionValue> {
  const errors: FieldErrors = {};
  const known = new Set(rules.fields.map((field) => field.label));
  for (const label of Object.keys(values)) if (!known.has(label)) errors[`values.${label}`] = SUBMISSION_MESSAGES.unknownField;
  const kept: Record<string, SubmissionValue> = {};
  for (const field of rules.fields) {
    const raw = Object.hasOwn(values, field.label) ? values[field.label] : undefined;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const fault = faultOf({ field, value });
    if (fault) errors[`values.${field.label}`] = fault;
    else if (value !== undefined && value !== '') kept[field.label] = value;
  }
  if (rules.consentRequired && consent !== true) errors.consent = SUBMISSION_MESSAGES.consent;
  if (Object.keys(errors).length > 0) throw new ValidationError(SUBMISSION_MESSAGES.invalid, errors);
  return kept;
}
