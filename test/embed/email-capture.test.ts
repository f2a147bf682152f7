/** @jest-environment ./test/web/jsdom-environment.ts */
// The email capture as a visitor meets it: inline from its defaults, each template, the popup
// after its delay, closed with Escape and remembered, the sign-up sent and thanked.
import { components } from '../../generated/openapi.json';
import { settingsDefaults, settingsSchemaName } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import type { Submission, SubmitAnswer } from '../../web/embed/types';

const schemas = components.schemas as unknown as Record<string, SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] }>;
const schema = schemas[settingsSchemaName('email-capture')];

function draw(settings: Record<string, unknown> = {}, widgetId = 'w1') {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const submit = jest.fn(async (_submission: Submission): Promise<SubmitAnswer> => ({ ok: true }));
  mountWidget({ host, type: 'email-capture', widgetId, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn(), submit });
  const shadow = host.shadowRoot as ShadowRoot;
  return { shadow, track, submit, text: () => shadow.textContent ?? '' };
}

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  jest.useRealTimers();
});

it('draws the heading, a labelled email input and the button inline from the defaults', () => {
  const { shadow, text } = draw();
  expect(shadow.querySelector('h2')?.textContent).toBe('Get 10% off your first order');
  const email = shadow.querySelector('input[type=email]');
  expect(shadow.querySelector(`label[for="${email?.id}"]`)?.textContent).toContain('Email');
  expect(text()).toContain('Subscribe');
  expect(shadow.querySelector('[role=dialog]')).toBeNull();
});

it.each(schema['x-templates'].map((template) => [template.id, template.settings] as const))('draws the %s template', (_id, settings) => {
  jest.useFakeTimers();
  const { shadow } = draw(settings);
  jest.advanceTimersByTime(120_000);
  document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
  expect(shadow.querySelector('input[type=email]')).not.toBeNull();
});

it('sends the email, thanks the visitor and reports a conversion', async () => {
  const { shadow, submit, track, text } = draw({ showName: true });
  (shadow.querySelector('input[type=email]') as HTMLInputElement).value = 'ada@example.com';
  shadow.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(submit).toHaveBeenCalledWith({ values: { Email: 'ada@example.com' } });
  expect(track).toHaveBeenCalledWith('conversion');
  expect(text()).toContain("You're in!");
});

it('opens the popup after its delay as a labelled modal dialog, closes on Escape and stays closed on the next visit', () => {
  jest.useFakeTimers();
  const { shadow } = draw({ display: 'popup', delaySeconds: 3 });
  jest.advanceTimersByTime(2900);
  expect(shadow.querySelector('[role=dialog]')).toBeNull();
  jest.advanceTimersByTime(200);
  const dialog = shadow.querySelector('[role=dialog]');
  expect(dialog?.getAttribute('aria-modal')).toBe('true');
  expect(shadow.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Get 10% off your first order');
  dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(shadow.querySelector('[role=dialog]')).toBeNull();
  const again = draw({ display: 'popup', delaySeconds: 0 });
  jest.advanceTimersByTime(1000);
  expect(again.shadow.querySelector('[role=dialog]')).toBeNull();
});

it('opens an exit-intent popup when the pointer leaves the top of the page', () => {
  const { shadow } = draw({ display: 'popup', trigger: 'exit-intent' });
  expect(shadow.querySelector('[role=dialog]')).toBeNull();
  document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
  expect(shadow.querySelector('[role=dialog] button[aria-label=Close]')).not.toBeNull();
});

it('shows the popup open at once in a picture of the widget (lists, template gallery)', () => {
  const { shadow } = draw({ display: 'popup', delaySeconds: 30 }, 'picture');
  expect(shadow.querySelector('[role=dialog]')).not.toBeNull();
});

it('draws hostile settings as text', () => {
  const { shadow, text } = draw({ title: '<script>alert(1)</script>', text: 'y'.repeat(4000), buttonText: '', accentColor: 'url(javascript:x)' });
  expect(shadow.querySelector('script')).toBeNull();
  expect(text()).toContain('<script>alert(1)</script>');
  expect(shadow.querySelector('button[type=submit]')?.textContent).toBe('Subscribe');
});
