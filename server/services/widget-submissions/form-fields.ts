// The fields a form widget takes, from its published settings: a contact form's own list, an
// email capture's fixed email and optional name. The embed renderers draw the same.
import type { ContactFormField } from '../../../generated/client/types.gen';

export interface FormRules {
  fields: ContactFormField[];
  /** Whether `consent: true` must come with the values. */
  consentRequired: boolean;
}

const list = (value: unknown): ContactFormField[] => (Array.isArray(value) ? (value as ContactFormField[]) : []);

/** The form's rules, or null when the type is no form. */
export function formRulesOf({ type, settings }: { type: string; settings: Record<string, unknown> }): FormRules | null {
  const consentAsked = typeof settings.consentText === 'string' && settings.consentText !== '';
  const consentRequired = consentAsked && settings.consentRequired !== false;
  if (type === 'contact-form') return { fields: list(settings.fields), consentRequired };
  if (type === 'email-capture') {
    const email: ContactFormField = { label: 'Email', type: 'email', required: true };
    const name: ContactFormField = { label: 'Name', type: 'text', required: settings.nameRequired === true };
    return { fields: settings.showName === false ? [email] : [name, email], consentRequired };
  }
  return null;
}
