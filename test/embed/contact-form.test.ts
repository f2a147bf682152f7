/** @jest-environment ./test/web/jsdom-environment.ts */
// The contact form as a visitor meets it: drawn from its defaults and from each template, checked
// before it is sent, the server's refusals shown by their fields, the thanks once sent.
import { components } from '../../generated/openapi.json';
import { settingsDefaults, settingsSchemaName } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import type { Submission, SubmitAnswer } from '../../web/embed/types';

const schemas = components.schemas as unknown as Record<string, SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] }>;
const schema = schemas[settingsSchemaName('contact-form')];

function draw(settings: Record<string, unknown> = {}, answer: SubmitAnswer = { ok: true }) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const submit = jest.fn(async (_submission: Submission) => answer);
  const drawn = mountWidget({ host, type: 'contact-form', widgetId: 'w1', settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn(), submit });
  const shadow = host.shadowRoot as ShadowRoot;
  const byLabel = (label: string) => {
    const found = [...shadow.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
    return shadow.getElementById(found?.getAttribute('for') ?? '') as HTMLInputElement;
  };
  const type = (label: string, value: string) => {
    byLabel(label).value = value;
  };
  const send = async () => {
    shadow.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { shadow, track, submit, drawn, byLabel, type, send, text: () => shadow.textContent ?? '' };
}

afterEach(() => document.body.replaceChildren());

describe('contact form', () => {
  it('draws its heading, labelled fields with required marks, the consent box and the button from the defaults', () => {
    const { shadow, drawn, byLabel, text } = draw();
    expect(drawn).toBe(true);
    expect(shadow.querySelector('h2')?.textContent).toBe('Get in touch');
    expect(byLabel('Name').getAttribute('type')).toBe('text');
    expect(byLabel('Email').getAttribute('type')).toBe('email');
    expect(byLabel('Message').tagName).toBe('TEXTAREA');
    expect(shadow.querySelectorAll('.req')).toHaveLength(4);
    expect(text()).toContain('I agree that my details are stored');
    expect(shadow.querySelector('button[type=submit]')?.textContent).toBe('Send message');
    expect(shadow.querySelector('[role=status]')).not.toBeNull();
  });

  it.each(schema['x-templates'].map((template) => [template.id, template.settings] as const))('draws the %s template', (_id, settings) => {
    const { shadow } = draw(settings);
    expect(shadow.querySelectorAll('.f').length).toBeGreaterThan(1);
  });

  it('draws a choice field as a select of its options and a phone field as a tel input', () => {
    const { byLabel } = draw(schema['x-templates'][0]?.settings);
    expect([...(byLabel('Service') as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Web design', 'Branding', 'Marketing', 'Other']);
    expect(byLabel('Phone').getAttribute('type')).toBe('tel');
  });

  it('sends nothing while a required field is empty or an email is malformed, and says which', async () => {
    const { shadow, submit, type, send, byLabel } = draw();
    type('Email', 'not-an-email');
    await send();
    expect(submit).not.toHaveBeenCalled();
    const errors = [...shadow.querySelectorAll('.err')].map((e) => e.textContent).filter(Boolean);
    expect(errors).toEqual(['Please fill in this field', 'Please enter a valid email address', 'Please fill in this field', 'Please tick this box to continue']);
    expect(byLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(shadow.activeElement).toBe(byLabel('Name'));
  });

  it('sends the values by label with the consent, then thanks the visitor and reports a conversion', async () => {
    const { shadow, submit, track, type, send, byLabel, text } = draw();
    type('Name', ' Ada ');
    type('Email', 'ada@example.com');
    type('Message', 'Hello there');
    byLabel('I agree that my details are stored to answer my request.').checked = true;
    await send();
    expect(submit).toHaveBeenCalledWith({ values: { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello there' }, consent: true });
    expect(track).toHaveBeenCalledWith('conversion');
    expect(text()).toContain('Thanks! Your message is on its way.');
    expect(shadow.querySelector('form')).toBeNull();
  });

  it("sends what a bot put in the hidden honeypot input, which no visitor sees or reaches with the keyboard", async () => {
    const { shadow, submit, type, send } = draw({ consentText: '' });
    const trap = shadow.querySelector<HTMLInputElement>('.hp input') as HTMLInputElement;
    expect(trap.closest('[aria-hidden=true]')).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    type('Name', 'Bot');
    type('Email', 'bot@example.com');
    type('Message', 'Buy now');
    trap.value = 'Spam Inc';
    await send();
    expect(submit).toHaveBeenCalledWith({ values: { Name: 'Bot', Email: 'bot@example.com', Message: 'Buy now' }, company: 'Spam Inc' });
  });

  it("shows the server's refusal and its field errors and keeps the form", async () => {
    const { shadow, type, send, byLabel, track } = draw({ consentText: '' }, { ok: false, message: 'Too many messages from your address. Please try again in a minute.', fieldErrors: { 'values.Email': 'Email must be a valid email address' } });
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type('Message', 'Hi');
    await send();
    expect(shadow.querySelector('.status')?.textContent).toBe('Too many messages from your address. Please try again in a minute.');
    expect(byLabel('Email').getAttribute('aria-describedby')).toBeTruthy();
    expect(shadow.getElementById(byLabel('Email').getAttribute('aria-describedby') ?? '')?.textContent).toBe('Email must be a valid email address');
    expect(track).not.toHaveBeenCalled();
    expect((shadow.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('draws hostile settings safely: long texts, no fields, markup as text, a javascript: link never followed', async () => {
    const long = 'x'.repeat(5000);
    const { shadow, send, text } = draw({ title: '<img src=x onerror=alert(1)>', text: long, fields: [], consentText: '', redirectUrl: 'javascript:alert(1)', maxWidth: 99999, accentColor: 'red;}' });
    expect(shadow.querySelector('img')).toBeNull();
    expect(text()).toContain('<img src=x onerror=alert(1)>');
    const before = location.href;
    await send();
    expect(location.href).toBe(before);
    expect(text()).toContain('Thanks!');
  });
});
