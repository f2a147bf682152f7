// The parts the form widgets share (contact form, email capture): labelled inputs with their
// error line, the hidden honeypot input, the consent box and the send flow that shows the
// server's refusals next to their fields. Field errors come as `values.<label>` (the server's
// fieldErrors) and are checked here first with the same rules.
import type { ContactFormField } from '../../../generated/client/types.gen';
import { h } from '../dom';
import type { RenderInput, Submission } from '../types';

export const FORM_CSS = `.f{display:flex;flex-direction:column;gap:4px;min-width:0}.f label{font-weight:600;font-size:.93em}.req{color:#b91c1c;margin-left:2px}
.f input,.f select,.f textarea{width:100%;font:inherit;color:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:var(--r);background:#fff}
.filled .f input,.filled .f select,.filled .f textarea{background:#f3f4f6;border-color:transparent}
.underlined .f input,.underlined .f select,.underlined .f textarea{border-width:0 0 2px;border-radius:0;background:transparent;padding-left:2px}
.f textarea{min-height:120px;resize:vertical}.f input:focus-visible,.f select:focus-visible,.f textarea:focus-visible,.box input:focus-visible,.button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.f [aria-invalid=true]{border-color:#b91c1c}.err{margin:0;color:#b91c1c;font-size:.87em}.err:empty{display:none}
.box{display:flex;gap:8px;align-items:flex-start;font-size:.93em}.box input{margin-top:3px;accent-color:var(--accent);width:auto}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}.status{margin:0}.status:empty{display:none}.fail{color:#b91c1c}
.button{border-radius:var(--r)}.thanks{padding:8px 0}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const REQUIRED_MESSAGE = 'Please fill in this field';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

type Value = string | boolean;

export interface DrawnField {
  field: ContactFormField;
  element: HTMLElement;
  value: () => Value;
  showError: (message: string) => void;
}

/** One labelled input of `field` (the id is the shadow root's own), its required mark and error line. */
export function fieldPart({ field, id }: { field: ContactFormField; id: string }): DrawnField {
  const error = h('p', { class: 'err', attrs: { id: `${id}-e` } });
  const attrs: Record<string, string> = { id, name: field.label, 'aria-describedby': `${id}-e` };
  if (field.required) attrs.required = '';
  if (field.placeholder) attrs.placeholder = field.placeholder;
  const mark = field.required ? h('span', { class: 'req', text: '*', attrs: { 'aria-hidden': 'true' } }) : null;
  let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  let element: HTMLElement;
  if (field.type === 'checkbox') {
    input = h('input', { attrs: { ...attrs, type: 'checkbox' } });
    element = h('div', { class: 'f' }, [h('label', { class: 'box', attrs: { for: id } }, [input, h('span', { text: field.label }), mark]), error]);
  } else {
    if (field.type === 'message') input = h('textarea', { attrs: { ...attrs, maxlength: '5000' } });
    else if (field.type === 'choice') {
      input = h('select', { attrs }, [h('option', { text: field.placeholder || 'Choose…', attrs: { value: '' } }), ...(field.options ?? []).map((option) => h('option', { text: option, attrs: { value: option } }))]);
    } else {
      const kind: Record<string, string> = field.type === 'email' ? { type: 'email', autocomplete: 'email' } : field.type === 'phone' ? { type: 'tel', autocomplete: 'tel' } : { type: 'text' };
      input = h('input', { attrs: { ...attrs, ...kind, maxlength: '500' } });
    }
    element = h('div', { class: field.type === 'message' ? 'f wide' : 'f' }, [h('label', { attrs: { for: id } }, [field.label, mark]), input, error]);
  }
  return {
    field,
    element,
    value: () => (input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value.trim()),
    showError: (message) => {
      error.textContent = message;
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
  };
}

/** The check the server makes too: a required field filled, an email field shaped like one. */
export function fieldError({ field, value }: { field: ContactFormField; value: Value }): string {
  if (field.required && (value === '' || value === false)) return REQUIRED_MESSAGE;
  if (field.type === 'email' && typeof value === 'string' && value !== '' && !EMAIL.test(value)) return EMAIL_MESSAGE;
  return '';
}

/** The input a person never sees and a bot fills; the server drops a submission that has it. */
export function honeypot(): { element: HTMLElement; value: () => string } {
  const input = h('input', { attrs: { name: 'company', type: 'text', tabindex: '-1', autocomplete: 'off' } });
  return { element: h('div', { class: 'hp', attrs: { 'aria-hidden': 'true' } }, [h('label', { text: 'Company' }), input]), value: () => input.value };
}

/** The consent box, or nothing when its text is empty. */
export function consentPart({ text, required, id }: { text: string; required: boolean; id: string }): { element: HTMLElement | null; value: () => boolean; showError: (message: string) => void } {
  if (!text) return { element: null, value: () => false, showError: () => undefined };
  const field: ContactFormField = { label: text, type: 'checkbox', required };
  const part = fieldPart({ field, id });
  return { element: part.element, value: () => part.value() === true, showError: part.showError };
}

interface SendInput {
  form: HTMLFormElement;
  fields: DrawnField[];
  consent: ReturnType<typeof consentPart> & { required: boolean };
  trap: ReturnType<typeof honeypot>;
  button: HTMLButtonElement;
  status: HTMLElement;
  submit: RenderInput<unknown>['submit'];
  onSent: () => void;
}

/** Checks, sends and shows the outcome; the first field in error takes the focus. */
export function sendOnSubmit({ form, fields, consent, trap, button, status, submit, onSent }: SendInput): void {
  const label = button.textContent ?? '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values: Submission['values'] = {};
    let first: HTMLElement | null = null;
    for (const part of fields) {
      const value = part.value();
      const message = fieldError({ field: part.field, value });
      part.showError(message);
      if (message) first ??= part.element;
      if (value !== '') values[part.field.label] = value;
    }
    const consentMissing = consent.required && consent.element !== null && !consent.value();
    consent.showError(consentMissing ? 'Please tick this box to continue' : '');
    if (consentMissing) first ??= consent.element;
    if (first) {
      first.querySelector<HTMLElement>('input,select,textarea')?.focus();
      return;
    }
    button.disabled = true;
    button.textContent = 'Sending…';
    status.className = 'status';
    status.textContent = '';
    const submission: Submission = { values, ...(consent.element ? { consent: consent.value() } : {}), ...(trap.value() ? { company: trap.value() } : {}) };
    void submit(submission).then((answer) => {
      button.disabled = false;
      button.textContent = label;
      if (answer.ok) return onSent();
      for (const part of fields) part.showError(answer.fieldErrors?.[`values.${part.field.label}`] ?? '');
      status.className = 'status fail';
      status.textContent = answer.message ?? '';
    });
  });
}
