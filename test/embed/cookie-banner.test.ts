/** @jest-environment ./test/web/jsdom-environment.ts */
// The cookie banner on a host page: accept, reject or choose per category, the choice kept in the
// visitor's browser (a version bump or its expiry asks again), the nindo:consent event and
// window.nindoConsent, keyboard-only use and the engagement each choice reports.
import { components } from '../../generated/openapi.json';
import { settingsDefaults } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { mountWidget } from '../../web/embed/mount';
import { consentKey } from '../../web/embed/renderers/cookie-banner';
import type { Consent } from '../../web/embed/renderers/cookie-banner';

const schema = components.schemas.CookieBannerSettings as SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] };
const WIDGET = 'cookie-1';
const DAY_MS = 86_400_000;

function draw(settings: Record<string, unknown> = {}, widgetId = WIDGET) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const events: Consent[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<Consent>).detail);
  window.addEventListener('nindo:consent', listener);
  listeners.push(listener);
  mountWidget({ host, type: 'cookie-banner', widgetId, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  const buttonNamed = (name: string) => [...shadow.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === name) as HTMLButtonElement;
  const dialog = () => shadow.querySelector('[role=dialog]');
  const key = (target: Element, keyName: string, shiftKey = false) => target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, shiftKey, bubbles: true, cancelable: true }));
  return { shadow, track, events, buttonNamed, dialog, key };
}

const listeners: EventListener[] = [];
const stored = () => JSON.parse(localStorage.getItem(consentKey(WIDGET)) ?? 'null') as { version: number; at: number; consent: Consent } | null;
const store = ({ version = 1, at = Date.now(), consent }: { version?: number; at?: number; consent: Consent }) => localStorage.setItem(consentKey(WIDGET), JSON.stringify({ version, at, consent }));
const ALL: Consent = { necessary: true, analytics: true, marketing: true, preferences: true };
const NONE: Consent = { necessary: true, analytics: false, marketing: false, preferences: false };

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  for (const listener of listeners.splice(0)) window.removeEventListener('nindo:consent', listener);
});

it('asks on a first visit: a labelled dialog with the text, the policy link and equal accept and reject buttons', () => {
  const { shadow, dialog, buttonNamed } = draw();
  const box = dialog() as HTMLElement;
  expect(box.getAttribute('aria-labelledby')).toBe(shadow.querySelector('h2')?.id);
  expect(shadow.querySelector('h2')?.textContent).toBe('We value your privacy');
  expect(box.textContent).toContain('We use cookies to make this site work');
  expect(shadow.querySelector('a')?.getAttribute('href')).toBe('https://example.com/privacy');
  expect(buttonNamed('Accept all').className).toBe(buttonNamed('Reject all').className);
  expect(buttonNamed('Customise')).toBeDefined();
  expect(shadow.activeElement).toBe(box);
  expect(box.classList.contains('bar')).toBe(true);
});

it('accept all stores every category, tells the host page and leaves a Cookie settings button', () => {
  const { shadow, track, events, buttonNamed, dialog } = draw();
  buttonNamed('Accept all').click();
  expect(dialog()).toBeNull();
  expect(stored()).toMatchObject({ version: 1, consent: ALL });
  expect(events).toEqual([ALL]);
  expect((window as unknown as { nindoConsent: Consent }).nindoConsent).toEqual(ALL);
  expect(track).toHaveBeenCalledWith('consent-accept-all');
  expect(shadow.querySelector('button.again')?.textContent).toBe('Cookie settings');
});

it('reject all stores every category off but the necessary ones', () => {
  const { track, events, buttonNamed } = draw();
  buttonNamed('Reject all').click();
  expect(stored()?.consent).toEqual(NONE);
  expect(events).toEqual([NONE]);
  expect(track).toHaveBeenCalledWith('consent-reject-all');
});

it('customise shows each category with its description, necessary always on, and saves what was chosen', () => {
  const { shadow, track, events, buttonNamed } = draw({ showPreferencesCategory: true });
  buttonNamed('Customise').click();
  expect(shadow.querySelector('h2')?.textContent).toBe('Cookie preferences');
  const switches = [...shadow.querySelectorAll<HTMLInputElement>('input[role=switch]')];
  expect(switches.map((input) => input.name)).toEqual(['necessary', 'analytics', 'marketing', 'preferences']);
  expect(switches[0].checked && switches[0].disabled).toBe(true);
  expect(shadow.textContent).toContain('Help us understand which pages are visited');
  expect(shadow.activeElement).toBe(switches[1]);
  switches[1].click();
  buttonNamed('Save my choices').click();
  expect(events).toEqual([{ necessary: true, analytics: true, marketing: false, preferences: false }]);
  expect(track).toHaveBeenCalledWith('consent-custom');
});

it("names the categories in the owner's words", () => {
  const { shadow, buttonNamed } = draw({ showPreferencesCategory: true, necessaryName: 'Notwendig', analyticsName: 'Statistik', marketingName: 'Marketing-Cookies', preferencesName: 'Präferenzen', alwaysOnText: 'Immer aktiv' });
  buttonNamed('Customise').click();
  expect([...shadow.querySelectorAll('.cat strong')].map((name) => name.textContent)).toEqual(['Notwendig', 'Statistik', 'Marketing-Cookies', 'Präferenzen']);
  expect(shadow.querySelector('.cat .on')?.textContent).toBe(' · Immer aktiv');
});

it('does not show the banner again once chosen, and tells the host page the stored choice on load', () => {
  store({ consent: NONE });
  const { dialog, events, shadow } = draw();
  expect(dialog()).toBeNull();
  expect(events).toEqual([NONE]);
  expect((window as unknown as { nindoConsent: Consent }).nindoConsent).toEqual(NONE);
  expect(shadow.querySelector('button.again')).not.toBeNull();
});

it('asks again when the banner version was raised or the choice expired', () => {
  store({ consent: ALL });
  expect(draw({ version: 2 }).dialog()).not.toBeNull();
  store({ consent: ALL, at: Date.now() - 31 * DAY_MS });
  const expired = draw({ expiryDays: 30 });
  expect(expired.dialog()).not.toBeNull();
  expect(expired.events).toEqual([]);
});

it('the Cookie settings button reopens the preferences with the stored choice, and focus returns to it', () => {
  store({ consent: { ...NONE, marketing: true } });
  const { shadow, buttonNamed } = draw();
  const again = shadow.querySelector('button.again') as HTMLButtonElement;
  again.click();
  const switches = [...shadow.querySelectorAll<HTMLInputElement>('input[role=switch]')];
  expect(switches.map((input) => input.checked)).toEqual([true, false, true]);
  expect(shadow.activeElement).toBe(switches[1]);
  buttonNamed('Save my choices').click();
  expect(stored()?.consent).toEqual({ ...NONE, marketing: true });
  expect(shadow.activeElement).toBe(shadow.querySelector('button.again'));
});

it('works by keyboard alone: Escape never decides, it leaves the preferences; the modal keeps Tab inside', () => {
  const { shadow, dialog, key, buttonNamed, events } = draw({ layout: 'modal' });
  const box = dialog() as HTMLElement;
  expect(box.getAttribute('aria-modal')).toBe('true');
  expect(shadow.querySelector('.shade')).not.toBeNull();
  key(box, 'Escape');
  expect(dialog()).not.toBeNull();
  expect(events).toEqual([]);
  buttonNamed('Customise').click();
  key(shadow.activeElement as Element, 'Escape');
  expect(shadow.querySelector('input')).toBeNull();
  expect(shadow.activeElement).toBe(box);
  const accept = buttonNamed('Accept all');
  accept.focus();
  const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
  accept.dispatchEvent(tab);
  expect(tab.defaultPrevented).toBe(true);
  expect(shadow.activeElement).toBe(shadow.querySelector('a'));
  key(shadow.activeElement as Element, 'Tab', true);
  expect(shadow.activeElement).toBe(accept);
});

it('the editor preview always shows the banner and stores nothing', () => {
  store({ consent: ALL });
  const { dialog, buttonNamed } = draw({}, 'preview');
  expect(dialog()).not.toBeNull();
  buttonNamed('Reject all').click();
  expect(localStorage.getItem(consentKey('preview'))).toBeNull();
});

it('has at least three templates, each valid over the defaults and drawn', () => {
  expect(schema['x-templates'].length).toBeGreaterThanOrEqual(3);
  for (const { settings } of schema['x-templates']) {
    expect(() => checkSettings({ type: 'cookie-banner', settings: { ...settingsDefaults(schema), ...settings } })).not.toThrow();
    const { dialog, buttonNamed } = draw(settings);
    expect(dialog()?.classList.contains((settings.layout as string | undefined) ?? 'bar')).toBe(true);
    expect(buttonNamed('Accept all')).toBeDefined();
    document.body.replaceChildren();
  }
});

describe('hostile settings', () => {
  it('keeps markup as text, a javascript: policy link harmless and empty texts readable', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const { shadow, buttonNamed } = draw({ title: '', text: evil.repeat(40), policyUrl: 'javascript:alert(1)', acceptText: '', rejectText: '' });
    expect(shadow.querySelector('img')).toBeNull();
    expect(shadow.querySelector('a')?.getAttribute('href')).toBe('#');
    expect(shadow.querySelector('h2')?.textContent).toBe('Cookies');
    expect(buttonNamed('Accept all')).toBeDefined();
    expect(buttonNamed('Reject all')).toBeDefined();
  });

  it('asks again when what is stored is not a choice, and reads anything but true as a no', () => {
    localStorage.setItem(consentKey(WIDGET), '{not json');
    expect(draw().dialog()).not.toBeNull();
    localStorage.setItem(consentKey(WIDGET), JSON.stringify({ version: 1, at: Date.now() }));
    expect(draw().dialog()).not.toBeNull();
    localStorage.setItem(consentKey(WIDGET), JSON.stringify({ version: 1, at: Date.now(), consent: { analytics: 'yes', marketing: true } }));
    const { dialog, events } = draw();
    expect(dialog()).toBeNull();
    expect(events).toEqual([{ ...NONE, marketing: true }]);
  });
});
